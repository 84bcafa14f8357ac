package io.fabricpulse.deploy;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Questions the chart tests ask of a rendered pod. */
final class Pods {

    private Pods() {
    }

    /** Names of the Secrets a pod's containers take environment variables from. */
    static Set<String> secretsReferenced(PodSpec pod) {
        return pod.getContainers().stream().flatMap(c -> c.getEnv().stream())
                .filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                .map(e -> e.getValueFrom().getSecretKeyRef().getName())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static Volume volume(PodSpec pod, String name) {
        return pod.getVolumes().stream().filter(v -> name.equals(v.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + name));
    }

    static Map<String, String> hostPaths(PodSpec pod) {
        return pod.getVolumes().stream().filter(v -> v.getHostPath() != null)
                .collect(Collectors.toMap(v -> v.getHostPath().getPath(), v -> v.getHostPath().getType()));
    }
}
