package io.fabricpulse.deploy;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Rendered manifests read into the Kubernetes API types (fabric8's model), strictly: a field the API
 * does not have, a value of the wrong type ("8080" for a port), a duplicate key or a kind/apiVersion
 * pair the API does not serve is an error naming the document and the field. The model classes accept
 * unknown fields on purpose (their "additional properties"); this reader turns that off.
 */
final class KubernetesManifests {

    /** Every kind the chart renders, with the API version it must use. */
    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "ConfigMap", ConfigMap.class,
            "Secret", Secret.class,
            "Service", Service.class,
            "ServiceAccount", ServiceAccount.class,
            "PersistentVolumeClaim", PersistentVolumeClaim.class,
            "Deployment", Deployment.class,
            "StatefulSet", StatefulSet.class,
            "DaemonSet", DaemonSet.class,
            "Ingress", Ingress.class,
            "PodDisruptionBudget", PodDisruptionBudget.class);

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION))
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .annotationIntrospector(new NoLenienceIntrospector())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    private final List<HasMetadata> resources;

    private KubernetesManifests(List<HasMetadata> resources) {
        this.resources = List.copyOf(resources);
    }

    /** Reads `helm template` output (YAML documents separated by ---). */
    static KubernetesManifests parse(String rendered) {
        List<HasMetadata> resources = new ArrayList<>();
        try (var documents = YAML.readerFor(JsonNode.class).<JsonNode>readValues(rendered)) {
            int index = 0;
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                index++;
                if (document == null || document.isNull() || document.isMissingNode()) {
                    continue;
                }
                resources.add(toResource(index, document));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("rendered manifests are not valid YAML", e);
        }
        return new KubernetesManifests(resources);
    }

    private static HasMetadata toResource(int index, JsonNode document) {
        String kind = document.path("kind").asText();
        String where = "document " + index + " (" + kind + " " + document.path("metadata").path("name").asText() + ")";
        Class<? extends HasMetadata> type = KINDS.get(kind);
        if (type == null) {
            throw new AssertionError(where + ": kind '" + kind + "' is not one the chart is known to render " + KINDS.keySet());
        }
        String expectedApiVersion = HasMetadata.getApiVersion(type);
        if (!expectedApiVersion.equals(document.path("apiVersion").asText())) {
            throw new AssertionError(where + ": apiVersion '" + document.path("apiVersion").asText()
                    + "', the API serves " + kind + " as " + expectedApiVersion);
        }
        try {
            return STRICT.treeToValue(document, type);
        } catch (IOException e) {
            throw new AssertionError(where + " does not match the Kubernetes API: " + e.getMessage(), e);
        }
    }

    List<HasMetadata> all() {
        return resources;
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return resources.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> Optional<T> find(Class<T> type) {
        List<T> found = all(type);
        if (found.size() > 1) {
            throw new AssertionError("more than one " + type.getSimpleName() + ": " + found);
        }
        return found.stream().findFirst();
    }

    <T extends HasMetadata> T one(Class<T> type) {
        return find(type).orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " rendered"));
    }

    <T extends HasMetadata> T named(Class<T> type, String name) {
        return all(type).stream().filter(r -> name.equals(r.getMetadata().getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " named " + name));
    }

    /**
     * Jackson's view of the model classes without their escape hatches: no "any setter" collecting
     * unknown fields, no ignoring of unknown fields.
     */
    private static final class NoLenienceIntrospector extends JacksonAnnotationIntrospector {

        @Override
        public Boolean hasAnySetter(Annotated annotated) {
            return Boolean.FALSE;
        }

        @Override
        public JsonIgnoreProperties.Value findPropertyIgnoralByName(MapperConfig<?> config, Annotated annotated) {
            return super.findPropertyIgnoralByName(config, annotated).withoutIgnoreUnknown();
        }
    }
}
