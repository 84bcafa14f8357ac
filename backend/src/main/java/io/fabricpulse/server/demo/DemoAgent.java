package io.fabricpulse.server.demo;

import io.fabricpulse.agent.push.Collector;
import io.fabricpulse.agent.push.TickScheduler;
import io.fabricpulse.agent.sim.FaultScript;
import io.fabricpulse.agent.sim.FaultScriptException;
import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.IngestService;
import io.fabricpulse.server.ingest.InvalidBatchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletionException;

/**
 * The agent's own poll loop ({@link Collector}) over the demo fabric, handing each batch straight to
 * the {@link IngestService}: the same validation and rate path as HTTP ingest, without a token or a
 * socket. The first poll runs at start so the page has nodes at once; rates follow from the second.
 */
final class DemoAgent implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DemoAgent.class);

    private final IngestService ingest;
    private final DemoProperties properties;
    private final Clock clock;
    private TickScheduler scheduler;
    private Collector collector;
    private SimSource source;

    DemoAgent(IngestService ingest, DemoProperties properties, Clock clock) {
        this.ingest = ingest;
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    public synchronized void start() {
        source = source(properties.fatTree(), clock);
        scheduler = TickScheduler.singleThread("fabricpulse-demo-agent");
        collector = new Collector(source, this::ingest, properties.agentId(), properties.interval(), clock.millis(),
                clock, scheduler);
        scheduler.schedule(collector::pollNow, Duration.ZERO);
        collector.start();
        DemoProperties.FatTree shape = properties.fatTree();
        log.info("demo agent '{}' polling the simulated fat tree ({} pod(s) of {} spines, {} leaves, {} hosts; {} nodes)"
                        + " every {}", properties.agentId(), shape.pods(), shape.spines(), shape.leaves(),
                shape.leaves() * shape.hostsPerLeaf(), shape.nodes(), properties.interval());
    }

    /** The bundled demo, or a generated fat tree of another shape with the demo's fault script. */
    static SimSource source(DemoProperties.FatTree shape, Clock clock) {
        if (shape.bundled()) {
            return SimSource.demo(clock);
        }
        Topology topology = shape.generator().generate();
        try (InputStream faults = SimSource.class.getResourceAsStream(SimSource.DEMO_FAULTS)) {
            if (faults == null) {
                throw new IllegalStateException("bundled resource " + SimSource.DEMO_FAULTS + " is missing from the classpath");
            }
            return new SimSource(topology, FaultScript.parse(new String(faults.readAllBytes(), StandardCharsets.UTF_8),
                    topology), clock);
        } catch (FaultScriptException e) {
            throw new IllegalStateException("fabricpulse.demo.fat-tree: the demo's fault script does not fit a fat tree of "
                    + (shape.pods() > 1 ? shape.pods() + " pods of " : "") + shape.spines() + " spines, "
                    + shape.leaves() + " leaves and " + shape.hostsPerLeaf() + " hosts per leaf: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled resource " + SimSource.DEMO_FAULTS, e);
        }
    }

    private void ingest(IngestBatch batch) {
        try {
            // Waits for the durable hand-off, like an HTTP agent waits for its answer: one batch in flight.
            ingest.ingest(batch, AgentCredential.IN_PROCESS).join();
        } catch (InvalidBatchException e) {
            // The sim and the validator disagree: a bug on one side. Say it loudly, keep the demo running.
            log.error("demo batch {} refused by the server's own validation: {}", batch.sequence(), e.getMessage());
        } catch (CompletionException e) {
            // Queue full or a store down: the demo has no spool, so this poll is lost; the next one comes.
            log.warn("demo batch {} not stored: {}", batch.sequence(), e.getCause() == null ? e : e.getCause().getMessage());
        }
    }

    @Override
    public synchronized void stop() {
        if (collector != null) {
            collector.close();
            scheduler.close();
            source.close();
            collector = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return collector != null;
    }
}
