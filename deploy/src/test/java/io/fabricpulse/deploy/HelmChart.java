package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The chart under helm/fabricpulse, driven through Helm's own engine (helm-java): lint and template
 * exactly as the helm command would, schema validation included.
 */
final class HelmChart {

    static final String RELEASE = "noc";
    static final String NAMESPACE = "fabric";
    /** The cluster version rendered for (Helm's default, 1.20, is older than the chart's minimum). */
    static final String KUBERNETES_VERSION = "v1.31.0";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Path chart;

    HelmChart(Path chart) {
        this.chart = chart;
    }

    Path haValues() {
        return chart.resolve("ci/ha-values.yaml");
    }

    /** `helm template noc helm/fabricpulse -n fabric [-f values] [--set k=v ...]`. */
    KubernetesManifests render(UnaryOperator<TemplateCommand> options) {
        return KubernetesManifests.parse(renderText(options));
    }

    String renderText(UnaryOperator<TemplateCommand> options) {
        TemplateCommand command = new Helm(chart).template().withName(RELEASE).withNamespace(NAMESPACE)
                .withKubeVersion(KUBERNETES_VERSION);
        return options.apply(command).call();
    }

    /** `helm lint --strict` with the chart's own values. */
    LintResult lint() {
        return new Helm(chart).lint().strict().call();
    }

    /**
     * `helm lint --strict -f values`: this Helm binding lints only with the chart's values.yaml, so a
     * copy of the chart gets values.yaml merged with the given file the way Helm merges them (maps
     * merge, everything else is replaced).
     */
    LintResult lintWith(Path values, Path scratch) {
        try {
            Path copy = scratch.resolve(chart.getFileName());
            copyTree(chart, copy);
            JsonNode merged = merge(YAML.readTree(chart.resolve("values.yaml").toFile()),
                    YAML.readTree(values.toFile()));
            YAML.writeValue(copy.resolve("values.yaml").toFile(), merged);
            return new Helm(copy).lint().strict().call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode merge(JsonNode base, JsonNode override) {
        if (!(base instanceof ObjectNode baseObject) || !override.isObject()) {
            return override;
        }
        ObjectNode result = baseObject.deepCopy();
        for (Map.Entry<String, JsonNode> field : override.properties()) {
            JsonNode existing = result.get(field.getKey());
            result.set(field.getKey(), existing == null ? field.getValue() : merge(existing, field.getValue()));
        }
        return result;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}
