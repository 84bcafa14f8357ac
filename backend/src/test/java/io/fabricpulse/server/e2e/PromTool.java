package io.fabricpulse.server.e2e;

import io.fabricpulse.server.testing.PrometheusServer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** promtool (installed with Prometheus) on the repository's rule files. */
final class PromTool {

    private PromTool() {
    }

    static void checkRules(Path rules) throws IOException, InterruptedException {
        Process check = new ProcessBuilder(PrometheusServer.promtool().toString(), "check", "rules", rules.toString())
                .redirectErrorStream(true).start();
        String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor()).as(output).isZero();
    }
}
