package io.fabricpulse.deploy;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The strict reader the chart tests rely on refuses what the API server would refuse or silently drop. */
class KubernetesManifestsTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: server
              labels:
                app: x
            spec:
              replicas: 2
              selector:
                matchLabels:
                  app: x
              template:
                metadata:
                  labels:
                    app: x
                spec:
                  containers:
                    - name: server
                      image: img:1
                      ports:
                        - containerPort: 8080
            """;

    @Test
    void aValidManifestIsReadIntoTheApiTypes() {
        KubernetesManifests manifests = KubernetesManifests.parse("---\n" + DEPLOYMENT + "---\n# only a comment\n");
        assertThat(manifests.one(Deployment.class).getSpec().getReplicas()).isEqualTo(2);
        assertThat(manifests.all()).hasSize(1);
    }

    @Test
    void aFieldTheApiDoesNotHaveIsRefusedWithItsName() {
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("replicas: 2", "replica: 2")))
                .hasMessageContaining("document 1 (Deployment server)")
                .hasMessageContaining("\"replica\"");
        String indent = DEPLOYMENT.lines().filter(l -> l.contains("image: img:1")).findFirst().orElseThrow()
                .replace("image: img:1", "");
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("image: img:1",
                "image: img:1\n" + indent + "imagePolicy: Always")))
                .hasMessageContaining("\"imagePolicy\"");
    }

    @Test
    void aValueOfTheWrongTypeIsRefused() {
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("containerPort: 8080",
                "containerPort: \"8080\"")))
                .hasMessageContaining("does not match the Kubernetes API");
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("replicas: 2", "replicas: two")))
                .hasMessageContaining("does not match the Kubernetes API");
    }

    @Test
    void aDuplicateKeyIsRefused() {
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("    app: x\nspec:",
                "    app: x\n    app: y\nspec:")))
                .hasMessageContaining("Duplicate field 'app'");
    }

    @Test
    void aKindOrApiVersionTheApiDoesNotServeIsRefused() {
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("apps/v1", "extensions/v1beta1")))
                .hasMessageContaining("the API serves Deployment as apps/v1");
        assertThatThrownBy(() -> KubernetesManifests.parse(DEPLOYMENT.replace("kind: Deployment", "kind: Deploymnet")))
                .hasMessageContaining("kind 'Deploymnet' is not one the chart is known to render");
    }
}
