package io.fabricpulse.server.demo;

import io.fabricpulse.agent.push.Collector;
import io.fabricpulse.agent.push.TickScheduler;
import io.fabricpulse.agent.report.IngestBatch;
import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.server.ingest.IngestService;
import io.fabricpulse.server.ingest.InvalidBatchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

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
        source = SimSource.demo(clock);
        scheduler = TickScheduler.singleThread("fabricpulse-demo-agent");
        collector = new Collector(source, this::ingest, properties.agentId(), properties.interval(), clock.millis(),
                clock, scheduler);
        scheduler.schedule(collector::pollNow, Duration.ZERO);
        collector.start();
        log.info("demo agent '{}' polling the simulated 648-host fat tree every {}", properties.agentId(),
                properties.interval());
    }

    private void ingest(IngestBatch batch) {
        try {
            // Waits for the durable hand-off, like an HTTP agent waits for its answer: one batch in flight.
            ingest.ingest(batch).join();
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
