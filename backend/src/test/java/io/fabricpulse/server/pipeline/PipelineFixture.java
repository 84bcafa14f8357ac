package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.ingest.BatchSink;
import io.fabricpulse.server.pipeline.resume.ResumeRepository;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Archive;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesStore;
import io.fabricpulse.server.state.StateDatabase;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static io.fabricpulse.server.testing.TestBatches.oneHostPort;

/**
 * Server instances as far as ingest goes (a live fabric and a pipeline each) over one real embedded
 * series store and one real state database, so tests can restart a "server" (a new instance on the
 * same stores) or run two replicas side by side. Flushes run on the test's thread.
 */
final class PipelineFixture {

    static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    static final PipelineProperties PROPERTIES = new PipelineProperties(4, 50_000, Duration.ofMinutes(10), Duration.ofSeconds(7),
            Duration.ofSeconds(30), null);

    final RecordingSeriesStore series;
    final ResumeRepository resume;
    private final StateDatabase state;

    PipelineFixture(Path seriesDirectory, StateDatabase state) {
        this.series = new RecordingSeriesStore(new EmbeddedSeriesStore(new EmbeddedSeriesProperties(seriesDirectory,
                Duration.ofSeconds(10), Duration.ofSeconds(60),
                List.of(new Archive(Duration.ofSeconds(10), Duration.ofHours(1), false)))));
        this.resume = new ResumeRepository(state.client(), state.transaction());
        this.state = state;
    }

    /**
     * A new instance of the whole replica named {@code replica}: it keeps its own marks and baselines in the
     * shared state store and records every update it announces.
     */
    Server replica(String replica) {
        List<FabricUpdate> updates = new ArrayList<>();
        return new Server(liveFabric().updateListeners(updates::add).build(), Duration.ZERO,
                new ResumeRepository(state.client(), state.transaction(), replica), updates);
    }

    /** A new server instance: empty memory, the shared stores, every port's last sample written. */
    Server server() {
        return new Server(liveFabric().build(), Duration.ZERO, resume, List.of());
    }

    /** A new server instance that writes a port's last sample at most every {@code resumeInterval} (H2's default). */
    Server server(Duration resumeInterval) {
        return new Server(liveFabric().build(), resumeInterval, resume, List.of());
    }

    /** Flushes the pipeline's queue on this thread until it is empty (its worker's steps). */
    static void drain(IngestPipeline pipeline) {
        try {
            while (pipeline.queued() > 0) {
                pipeline.flushQueued();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One server instance. */
    final class Server {

        final LiveFabric fabric;
        final IngestPipeline pipeline;
        /** What the live fabric announced (only for {@link #replica} instances). */
        final List<FabricUpdate> updates;

        Server(LiveFabric fabric, Duration resumeInterval, ResumeRepository resume, List<FabricUpdate> updates) {
            this.fabric = fabric;
            this.updates = updates;
            this.pipeline = new IngestPipeline(new HandOff(fabric, series, resume, PROPERTIES.storeTimeout(),
                    PROPERTIES.retryAfter(), resumeInterval, new PortIndex(), List.of()), PROPERTIES);
        }

        /** Queues the batch and flushes the queue on this thread. */
        BatchSink.Outcome ingest(IngestBatch batch) {
            CompletableFuture<BatchSink.Outcome> answer = pipeline.accept(batch);
            flushAll();
            return answer.join();
        }

        /** Takes {@link #batch} 1 to {@code last} of the agent, one after another. */
        void ingestUpTo(String agentId, String guid, long last) {
            for (long sequence = 1; sequence <= last; sequence++) {
                ingest(batch(agentId, guid, sequence));
            }
        }

        void flushAll() {
            drain(pipeline);
        }

        PortView port(String guid) {
            return fabric.ports().stream().filter(port -> port.nodeGuid().equals(guid)).findFirst().orElseThrow();
        }
    }

    /**
     * Batch {@code sequence} of agent {@code agentId}: one port whose PortXmitData grows by 1,000 words
     * and SymbolErrorCounter by {@code sequence} every 10 s (rates 100 words/s and sequence/10 per s).
     */
    static IngestBatch batch(String agentId, String guid, long sequence) {
        long errors = sequence * (sequence + 1) / 2;
        return oneHostPort(agentId, sequence, T0.plusSeconds(10 * sequence), guid,
                Map.of("PortXmitData", 1_000 * sequence, "SymbolErrorCounter", errors));
    }
}
