package io.fabricpulse.agent.push;

import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.agent.sysfs.SysfsSource;
import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.agent.testing.ManualScheduler;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The poll loop on a test clock and a hand-driven scheduler: no real time passes. */
class CollectorTest {

    private static final Duration INTERVAL = Duration.ofSeconds(10);
    private static final String AGENT = "gpu-node-017";
    private static final Duration OFFSET = Steps.offset(AGENT, INTERVAL);

    private final MutableClock clock = new MutableClock(Instant.parse("2025-06-01T12:00:03.250Z"));
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final List<IngestBatch> batches = new ArrayList<>();

    static Path cx6Host() throws Exception {
        return Path.of(CollectorTest.class.getResource("/sysfs/cx6-host").toURI());
    }

    /** A source that plays a script: each poll takes the next entry (nodes, an exception, or a delay). */
    private final class ScriptedSource implements PortSource {
        final Deque<Object> script = new ArrayDeque<>();
        int polls;

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public List<NodeReport> poll() throws SourceException {
            polls++;
            Object next = script.isEmpty() ? List.of() : script.removeFirst();
            if (next instanceof SourceException e) {
                throw e;
            }
            if (next instanceof RuntimeException e) {
                throw e;
            }
            if (next instanceof Duration slow) {
                clock.advance(slow);
                return List.of();
            }
            @SuppressWarnings("unchecked")
            List<NodeReport> nodes = (List<NodeReport>) next;
            return nodes;
        }
    }

    private Collector collector(PortSource source) {
        return new Collector(source, batches::add, AGENT, INTERVAL, 1_000, clock, scheduler);
    }

    @Test
    void pollsAtStepsOfTheIntervalShiftedByTheAgentsOffset() throws Exception {
        Collector collector = collector(new SysfsSource(cx6Host()));
        collector.start();

        Instant first = scheduler.nextDue();
        assertThat(first).isAfter(clock.instant()).isBeforeOrEqualTo(clock.instant().plus(INTERVAL));
        assertThat((first.toEpochMilli() - OFFSET.toMillis()) % INTERVAL.toMillis()).isZero();

        scheduler.runNext();
        scheduler.runNext();
        scheduler.runNext();

        assertThat(batches).extracting(IngestBatch::collectedAt)
                .containsExactly(first, first.plus(INTERVAL), first.plus(INTERVAL.multipliedBy(2)));
        assertThat(batches).extracting(IngestBatch::sequence).containsExactly(1_001L, 1_002L, 1_003L);
        assertThat(batches).allSatisfy(b -> {
            assertThat(b.agentId()).isEqualTo(AGENT);
            assertThat(b.source()).isEqualTo("sysfs");
            assertThat(b.schemaVersion()).isEqualTo(IngestBatch.SCHEMA_VERSION);
            assertThat(b.nodes()).hasSize(3);
        });
        assertThat(scheduler.pending()).as("always exactly one poll ahead").isEqualTo(1);
    }

    @Test
    void aReportBetweenStepsIsABatchOfItsOwnAndLeavesTheScheduleAsItWas() throws Exception {
        Collector collector = collector(new SysfsSource(cx6Host()));
        collector.start();
        Instant step = scheduler.nextDue();
        List<NodeReport> gained = new SysfsSource(cx6Host()).poll().subList(0, 1);

        collector.reportNow(() -> gained);
        collector.reportNow(List::of);
        scheduler.runNext();
        scheduler.runNext();

        assertThat(batches).singleElement().satisfies(batch -> {
            assertThat(batch.nodes()).isEqualTo(gained);
            assertThat(batch.collectedAt()).as("now, before the step").isBefore(step);
            assertThat(batch.discovery()).isNull();
            assertThat(batch.sequence()).isEqualTo(1_001L);
        });
        assertThat(scheduler.nextDue()).isEqualTo(step);
        scheduler.runNext();
        assertThat(batches).extracting(IngestBatch::sequence).containsExactly(1_001L, 1_002L);
    }

    @Test
    void aPollThatOverrunsSkipsTheMissedStepsInsteadOfOverlapping() {
        ScriptedSource source = new ScriptedSource();
        source.script.add(Duration.ofSeconds(25));
        Collector collector = collector(source);
        collector.start();
        Instant first = scheduler.nextDue();

        scheduler.runNext();

        assertThat(scheduler.nextDue()).as("the steps at +10 s and +20 s passed during the poll")
                .isEqualTo(first.plus(INTERVAL.multipliedBy(3)));
        assertThat(scheduler.pending()).isEqualTo(1);
    }

    @Test
    void sourceFailuresBackOffAndNeverStopTheLoop() {
        ScriptedSource source = new ScriptedSource();
        SourceException gone = new SourceException("no InfiniBand devices under /sys/class/infiniband: the directory is empty");
        source.script.addAll(List.of(gone, gone, gone, new IllegalStateException("bug in a source"), List.of()));
        Collector collector = collector(source);
        try (CapturedLog log = new CapturedLog()) {
            collector.start();
            Instant first = scheduler.nextDue();
            List<Instant> polls = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                polls.add(scheduler.nextDue());
                scheduler.runNext();
            }

            assertThat(polls).containsExactly(first,
                    first.plus(INTERVAL),                          // 1 failure: next step
                    first.plus(INTERVAL.multipliedBy(3)),          // 2 failures: skip 1
                    first.plus(INTERVAL.multipliedBy(7)),          // 3 failures: skip 3
                    first.plus(INTERVAL.multipliedBy(15)));        // 4 failures: skip 7
            assertThat(batches).hasSize(1);
            assertThat(batches.getFirst().collectedAt()).isEqualTo(polls.getLast());
            assertThat(scheduler.nextDue()).as("back to every step after success").isEqualTo(polls.getLast().plus(INTERVAL));

            assertThat(log.linesWith("WARN", "scripted read nothing: no InfiniBand devices")).hasSize(1);
            assertThat(log.linesWith("WARN", "poll failed unexpectedly: java.lang.IllegalStateException: bug in a source"))
                    .hasSize(1);
            assertThat(log.linesWith("INFO", "scripted reads again after 4 failed polls")).hasSize(1);
        }
    }

    @Test
    void backoffStopsGrowingAtFiveMinutes() {
        ScriptedSource source = new ScriptedSource();
        for (int i = 0; i < 30; i++) {
            source.script.add(new SourceException("gone"));
        }
        Collector collector = collector(source);
        try (CapturedLog ignored = new CapturedLog()) {
            collector.start();
            Instant previous = scheduler.nextDue();
            scheduler.runNext();
            for (int i = 0; i < 12; i++) {
                Instant due = scheduler.nextDue();
                assertThat(Duration.between(previous, due)).isLessThanOrEqualTo(Collector.MAX_FAILURE_BACKOFF.plus(INTERVAL));
                previous = due;
                scheduler.runNext();
            }
        }
        assertThat(source.polls).isEqualTo(13);
    }

    @Test
    void aSinkThatThrowsDoesNotStopPolling() {
        ScriptedSource source = new ScriptedSource();
        Collector collector = new Collector(source, batch -> {
            throw new IllegalStateException("encoder broke");
        }, AGENT, INTERVAL, 0, clock, scheduler);
        try (CapturedLog log = new CapturedLog()) {
            collector.start();
            scheduler.runNext();
            scheduler.runNext();
            assertThat(log.linesWith("ERROR", "could not queue batch 1")).hasSize(1);
        }
        assertThat(source.polls).isEqualTo(2);
        assertThat(scheduler.pending()).isEqualTo(1);
    }

    @Test
    void closeCancelsThePendingPoll() {
        ScriptedSource source = new ScriptedSource();
        Collector collector = collector(source);
        collector.start();
        collector.close();
        assertThat(scheduler.pending()).isZero();
        assertThat(collector.pollNow()).as("closed").isFalse();
        assertThat(source.polls).isZero();
    }

    @Test
    void pollNowPollsOnceWithoutScheduling() throws Exception {
        Collector collector = collector(new SysfsSource(cx6Host()));
        assertThat(collector.pollNow()).isTrue();
        assertThat(batches).singleElement().satisfies(b -> {
            assertThat(b.collectedAt()).isEqualTo(clock.instant());
            assertThat(b.sequence()).isEqualTo(1_001L);
        });
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void aWalkTheSourceReportsMarksThatPollsBatchOnly() {
        IngestBatch.Discovery walk = new IngestBatch.Discovery(true, "0x0002c903003178f0", 1, clock.instant());
        Deque<IngestBatch.Discovery> walks = new java.util.LinkedList<>(java.util.Arrays.asList(walk, null)); // null: no walk
        Collector collector = collector(new PortSource() {
            IngestBatch.Discovery latest;

            @Override
            public String name() {
                return "umad";
            }

            @Override
            public List<NodeReport> poll() {
                latest = walks.removeFirst();
                return List.of();
            }

            @Override
            public IngestBatch.Discovery discovery() {
                return latest;
            }
        });
        collector.pollNow();
        collector.pollNow();
        assertThat(batches).extracting(IngestBatch::discovery).containsExactly(walk, null);
    }
}
