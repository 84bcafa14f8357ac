package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.agent.loadgen.FabricSize;
import io.fabricpulse.agent.loadgen.LoadFabric;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.server.pipeline.IngestPipeline;
import io.fabricpulse.server.pipeline.PipelineProperties;
import io.fabricpulse.server.pipeline.resume.ResumeRepository;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Archive;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesStore;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileFactory;
import tools.jackson.dataformat.smile.SmileMapper;
import tools.jackson.dataformat.smile.SmileWriteFeature;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;

/**
 * The cost of ingest per port sample, for docs/PERFORMANCE.md: the same batches loadgen sends (its
 * generated fat tree, split between agents) first parsed by Jackson alone into the records (the
 * ceiling), then taken the whole way (our strict reader, validation, dedup, the pipeline into the live
 * fabric, an embedded rrd4j store and an H2 state store). Measured as process CPU time as well as wall
 * time, since other work on a shared machine distorts wall time. Not a test: the name keeps it out of
 * normal runs, and it asserts nothing about time. Run with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=IngestPipelineBench
 * -Dbench.ports=20000 -Dbench.agents=100 -Dbench.rounds=8}.
 */
@Tag("bench")
class IngestPipelineBench {

    private static final int PORTS = Integer.getInteger("bench.ports", 20_000);
    private static final int AGENTS = Integer.getInteger("bench.agents", 100);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 8);
    /** Passes of the readers over every round: the first warms the JIT up, the later ones are the figures. */
    private static final int PASSES = Integer.getInteger("bench.passes", 2);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Smile as the agent's BatchEncoder writes it: repeated short values (states, speeds, switch GUIDs) referenced back. */
    private static final SmileMapper SMILE = SmileMapper.builder(SmileFactory.builder()
            .enable(SmileWriteFeature.CHECK_SHARED_STRING_VALUES).build()).build();

    @TempDir
    Path directory;

    @Test
    void measure() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-03-02T10:00:00Z"));
        List<PortSource> agents = new LoadFabric(FabricSize.forPorts(PORTS), clock).splitBetween(AGENTS);
        List<List<byte[]>> rounds = new ArrayList<>();
        long samplesPerRound = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            clock.advance(Duration.ofSeconds(10));
            List<byte[]> bodies = new ArrayList<>();
            for (int a = 0; a < agents.size(); a++) {
                List<NodeReport> nodes = agents.get(a).poll();
                if (round == 1) {
                    samplesPerRound += nodes.stream().mapToInt(node -> node.ports().size()).sum();
                }
                bodies.add(JSON.writeValueAsBytes(new IngestBatch(IngestBatch.SCHEMA_VERSION, "bench-" + a, round,
                        clock.instant(), "sim", nodes)));
            }
            rounds.add(bodies);
        }
        long bytes = rounds.getFirst().stream().mapToLong(body -> body.length).sum();
        System.out.printf(Locale.ROOT, "bench: %d port samples per round in %d batches (%.1f MB of JSON), %d rounds%n",
                samplesPerRound, AGENTS, bytes / 1e6, ROUNDS);

        // The ceiling: Jackson alone, the same bytes into the same records, every round (twice: JIT warm-up).
        for (int pass = 1; pass <= 2; pass++) {
            Meter meter = new Meter();
            for (List<byte[]> bodies : rounds) {
                for (byte[] body : bodies) {
                    JSON.readValue(body, IngestBatch.class);
                }
            }
            meter.print("jackson alone, pass " + pass, samplesPerRound * ROUNDS);
        }

        // The wire formats through our strict reader (duplicate check, counters without boxes): JSON, then the
        // same records in Smile, what agents send at fabric scale.
        BatchReader strict = new BatchReader();
        List<List<byte[]>> smileRounds = new ArrayList<>();
        for (List<byte[]> bodies : rounds) {
            smileRounds.add(bodies.stream().map(body -> SMILE.writeValueAsBytes(JSON.readValue(body, IngestBatch.class)))
                    .toList());
        }
        System.out.printf(Locale.ROOT, "bench: the same round is %.1f MB of Smile%n",
                smileRounds.getFirst().stream().mapToLong(body -> body.length).sum() / 1e6);
        for (int pass = 1; pass <= PASSES; pass++) {
            for (WireFormat format : WireFormat.values()) {
                Meter meter = new Meter();
                for (List<byte[]> bodies : format == WireFormat.JSON ? rounds : smileRounds) {
                    for (byte[] body : bodies) {
                        strict.read(body, format);
                    }
                }
                meter.print("our reader, " + format + ", pass " + pass, samplesPerRound * ROUNDS);
            }
        }

        StateDatabase state = StateDatabase.h2();
        EmbeddedSeriesStore series = new EmbeddedSeriesStore(new EmbeddedSeriesProperties(directory.resolve("series"),
                Duration.ofSeconds(10), Duration.ofSeconds(60),
                List.of(new Archive(Duration.ofSeconds(10), Duration.ofHours(1), false))));
        IngestPipeline pipeline = IngestPipeline.create(liveFabric().build(), series,
                new ResumeRepository(state.client(), state.transaction()),
                // A round is handed in at once and measured, not shed: a wait bound of 1 s refused its last batches.
                new PipelineProperties(AGENTS * 2, 50_000, Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofSeconds(60), null),
                // As the server with H2 (one port row per 30 s of samples) unless -Dbench.resume-interval=PT0S.
                Duration.parse(System.getProperty("bench.resume-interval", "PT30S")), new PortIndex(), List.of());
        pipeline.start();
        BatchReader reader = new BatchReader();
        IngestService service = new IngestService(new BatchValidator(Clock.fixed(clock.instant(), ZoneOffset.UTC),
                Duration.ofMinutes(5), Duration.ofDays(7), 50_000), (batch, credential) -> CompletableFuture.completedFuture(null),
                new SeenBatches(256), pipeline, clock);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                Meter meter = new Meter();
                List<CompletableFuture<IngestAck>> answers = new ArrayList<>();
                for (byte[] body : rounds.get(round)) {
                    answers.add(service.ingest(reader.read(body, WireFormat.JSON), AgentCredential.IN_PROCESS));
                }
                answers.forEach(CompletableFuture::join);
                meter.print("whole path, round " + (round + 1) + (round == 0 ? " (creates the rrd files)" : ""),
                        samplesPerRound);
            }
        } finally {
            pipeline.stop();
            series.close();
            state.close();
        }
    }

    /** Wall and process CPU time from construction to {@link #print}. */
    private static final class Meter {

        private final long wallStart = System.nanoTime();
        private final long cpuStart = cpu();

        void print(String what, long samples) {
            double wall = (System.nanoTime() - wallStart) / 1e9;
            double cpu = (cpu() - cpuStart) / 1e9;
            System.out.printf(Locale.ROOT, "bench: %-45s %,10d samples in %6.2f s wall, %6.2f s CPU: %,9.0f samples/s,"
                            + " %,9.0f samples per CPU-second, %.1f us CPU per sample%n",
                    what, samples, wall, cpu, samples / wall, samples / cpu, cpu * 1e6 / samples);
        }

        private static long cpu() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }
    }
}
