package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.sim.FatTreeGenerator;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.topology.TopologyWriter;
import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Archive;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesStore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 4: a sim agent with a disk spool pushes every second to a server JVM that is killed with
 * SIGKILL and restarted on the same data directory once the agent has spooled a batch for every second
 * of the outage: 20 s in the build, two minutes (the figure) with
 * {@code -Drestart-it.outage-seconds=120} (docs/PERFORMANCE.md, "Session 10"). Afterwards the rate files hold every second of the outage with the script's rates (the
 * spooled samples were stored, with their own collection times, and an rrd file keeps at most one
 * update per second: exactly once), and no rate anywhere exceeds the fault script's (no false spike
 * from the restart).
 */
class ServerRestartIT {

    private static final String TOKEN = "restart-it-agent-token";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration START_PATIENCE = Duration.ofMinutes(4);
    /** 1 s rows and a 3 s heartbeat: a sample missing for more than 3 s leaves unknown rows behind. */
    private static final List<String> PROPERTIES = List.of("fabricpulse.ingest.agent-token=" + TOKEN,
            "fabricpulse.series.embedded.step=1s", "fabricpulse.series.embedded.heartbeat=3s",
            "fabricpulse.series.embedded.archives[0].resolution=1s",
            "fabricpulse.series.embedded.archives[0].retention=1h",
            "fabricpulse.pipeline.retry-after=1s");
    private static final double SYMBOL_ERRORS_PER_SECOND = 5;
    private static final double DISCARDS_PER_SECOND = 10;
    /** How long the server stays dead: one spooled batch per second of it. */
    private static final int OUTAGE_SECONDS = Integer.getInteger("restart-it.outage-seconds", 20);

    @Test
    void spooledBatchesAreStoredOnceAfterAServerKillAndNoRateSpikes(@TempDir Path dir) throws Exception {
        FatTreeGenerator fabric = new FatTreeGenerator(2, 2, 4, LinkWidth.X4, LinkSpeed.EDR);
        Path topology = Files.writeString(dir.resolve("fabric.net"),
                TopologyWriter.toText(fabric.generate(), "server restart IT"));
        String host = FatTreeGenerator.hostDescription(3);
        String leaf = fabric.switchDescription("leaf", 2);
        Path faults = Files.writeString(dir.resolve("faults.txt"), """
                symbol-errors "%s"[1] %s/s
                xmit-discards "%s"[5] %s/s
                """.formatted(host, (int) SYMBOL_ERRORS_PER_SECOND, leaf, (int) DISCARDS_PER_SECOND));
        Path data = Files.createDirectories(dir.resolve("data"));
        Path spool = dir.resolve("spool");
        int port = ServerProcess.freePort();

        Instant killedAt;
        Instant restartedAt;
        JsonNode ports;
        String metrics;
        ServerProcess first = ServerProcess.start(data, port, "server-1.log", PROPERTIES).awaitReady(START_PATIENCE);
        try (AgentProcess agent = AgentProcess.start(dir, "run", "--server", first.baseUrl(), "--token", TOKEN,
                "--interval", "1s", "--agent-id", "restart-it", "--spool-dir", spool.toString(),
                "--source", "sim", "--topology", topology.toString(), "--faults", faults.toString())) {
            Awaitility.await("rates at the first server").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> first.get("/api/v1/ports").contains("\"SymbolErrorCounter\":5"));
            killedAt = Instant.now();
            first.kill();
            Awaitility.await(OUTAGE_SECONDS + " batches spooled").atMost(Duration.ofSeconds(OUTAGE_SECONDS + 100))
                    .pollInterval(Duration.ofMillis(500)).until(() -> spooled(spool) >= OUTAGE_SECONDS
                            && Duration.between(killedAt, Instant.now()).toSeconds() >= OUTAGE_SECONDS);
            restartedAt = Instant.now();
            try (ServerProcess second = ServerProcess.start(data, port, "server-2.log", PROPERTIES)
                    .awaitReady(START_PATIENCE)) {
                Awaitility.await("spool drained").atMost(Duration.ofSeconds(OUTAGE_SECONDS + 160))
                        .pollInterval(Duration.ofSeconds(1))
                        .until(() -> spooled(spool) <= 1);
                Instant drainedAt = Instant.now();
                Awaitility.await("live again").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> latestSample(JSON.readTree(second.get("/api/v1/ports"))).isAfter(drainedAt.plusSeconds(3)));
                ports = JSON.readTree(second.get("/api/v1/ports"));
                metrics = second.get("/actuator/prometheus");
            }
            assertThat(agent.log()).doesNotContain("dropped on a full buffer: 1");
        }

        // A round-robin file keeps at most one update per port and second (a point not newer than the
        // latest is skipped and counted), so each sample is stored at most once by construction; the
        // checks below show every second of the outage is there, with the script's rate: exactly once.
        System.out.println("restart IT: points the store skipped after the restart (replays of the flush the kill"
                + " cut, or two polls within one second): " + skippedPoints(metrics));
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(new EmbeddedSeriesProperties(data.resolve("series"),
                Duration.ofSeconds(1), Duration.ofSeconds(3),
                List.of(new Archive(Duration.ofSeconds(1), Duration.ofHours(1), false))))) {
            // Whole seconds inside the outage, a margin either side for the kill and the first answers.
            Instant from = killedAt.plusSeconds(3).truncatedTo(ChronoUnit.SECONDS);
            Instant to = restartedAt.minusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
            Instant end = latestSample(ports).truncatedTo(ChronoUnit.SECONDS);
            int checked = 0;
            for (JsonNode p : ports) {
                PortSeriesKey key = new PortSeriesKey(p.path("nodeGuid").asString(), p.path("portNumber").asInt());
                String name = p.path("nodeName").asString() + "[" + key.portNumber() + "]";
                boolean faultySymbols = p.path("nodeName").asString().equals(host) && key.portNumber() == 1;
                boolean faultyDiscards = p.path("nodeName").asString().equals(leaf) && key.portNumber() == 5;
                List<RatePoint> symbols = rates(store, key, "SymbolErrorCounter", from.minusSeconds(60), end);
                List<RatePoint> discards = rates(store, key, "PortXmitDiscards", from.minusSeconds(60), end);
                // No false spike anywhere: at most the script's rate (one event of rounding over 1 s).
                assertThat(max(symbols)).as(name + " symbol errors/s").isLessThanOrEqualTo(
                        faultySymbols ? SYMBOL_ERRORS_PER_SECOND + 1.01 : 0);
                assertThat(max(discards)).as(name + " discards/s").isLessThanOrEqualTo(
                        faultyDiscards ? DISCARDS_PER_SECOND + 1.01 : 0);
                // Every second of the outage has its rate: the spooled samples reached the store.
                List<RatePoint> outage = rates(store, key, "PortXmitData", from, to);
                assertThat(outage).as(name + " rows during the outage " + from + " to " + to)
                        .isNotEmpty().allSatisfy(point -> assertThat(point.value()).as(point.at().toString()).isNotNaN());
                if (faultySymbols) {
                    assertThat(rates(store, key, "SymbolErrorCounter", from, to)).allSatisfy(point ->
                            assertThat(point.value()).isBetween(SYMBOL_ERRORS_PER_SECOND - 1.01,
                                    SYMBOL_ERRORS_PER_SECOND + 1.01));
                }
                checked++;
            }
            assertThat(checked).as("cabled ports of the fabric").isGreaterThanOrEqualTo(24);
            System.out.println("restart IT: server dead for " + Duration.between(killedAt, restartedAt).toSeconds()
                    + " s; every second from " + from + " to " + to + " stored once with its rate on all " + checked
                    + " ports, no rate above the fault script's");
        }
    }

    private static List<RatePoint> rates(EmbeddedSeriesStore store, PortSeriesKey key, String series, Instant from,
                                         Instant to) {
        return store.rates(new RateQuery(key, RateSeries.named(series), Consolidation.AVERAGE, from, to,
                Duration.ofSeconds(1)));
    }

    private static String skippedPoints(String metrics) {
        return metrics.lines().filter(line -> line.startsWith("fabricpulse_series_embedded_skipped_points"))
                .findFirst().orElse("(not reported)");
    }

    private static double max(List<RatePoint> points) {
        return points.stream().mapToDouble(RatePoint::value).filter(v -> !Double.isNaN(v)).max().orElse(0);
    }

    private static Instant latestSample(JsonNode ports) {
        Instant latest = Instant.EPOCH;
        for (JsonNode p : ports) {
            Instant at = Instant.parse(p.path("sampledAt").asString());
            latest = at.isAfter(latest) ? at : latest;
        }
        return latest;
    }

    private static long spooled(Path spool) throws IOException {
        if (!Files.isDirectory(spool)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(spool)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".batch")).count();
        }
    }
}
