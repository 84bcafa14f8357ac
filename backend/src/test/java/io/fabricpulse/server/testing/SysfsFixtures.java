package io.fabricpulse.server.testing;

import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.agent.sysfs.SysfsSource;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The agent's sysfs fixture trees (collector-agent/src/test/resources/sysfs), read by the agent's real
 * {@link SysfsSource} as a host's agent would read /sys/class: the server's tests then judge what an agent sends
 * from such a host, not a report written by hand. Read from the source tree, as the e2e tests find the agent jar,
 * because a test-jar's resources are no directory.
 */
public final class SysfsFixtures {

    private static final Path ROOT = Path.of("..", "collector-agent", "src", "test", "resources", "sysfs");

    private SysfsFixtures() {
    }

    /** One batch of the host fixture {@code host} (a directory holding {@code infiniband} and {@code net}). */
    public static IngestBatch batch(String host, long sequence, Instant collectedAt) throws SourceException {
        Path infiniband = ROOT.resolve(host).resolve("infiniband");
        if (!Files.isDirectory(infiniband)) {
            throw new IllegalStateException(infiniband.toAbsolutePath() + " is missing: tests run from the backend module");
        }
        List<NodeReport> nodes = new SysfsSource(infiniband).poll();
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, host, sequence, collectedAt, "sysfs", nodes);
    }
}
