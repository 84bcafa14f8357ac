package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.ingest.BatchSink;
import io.fabricpulse.server.ingest.BatchSink.Outcome;
import io.fabricpulse.server.ingest.IngestUnavailableException;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static io.fabricpulse.server.pipeline.PipelineFixture.batch;
import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class IngestPipelineTest {

    private final StateDatabase state = StateDatabase.h2();
    @TempDir
    Path directory;

    @AfterEach
    void closeDatabase() {
        state.close();
    }

    @Test
    void aFullQueueRefusesAtOnceWithRetryAfterAndStoresNothingOfTheRefusedBatch() {
        PipelineFixture fixture = new PipelineFixture(directory, state);
        PipelineFixture.Server server = fixture.server();
        String guid = TestBatches.randomGuid();
        List<CompletableFuture<Outcome>> queued = new ArrayList<>();
        for (long sequence = 1; sequence <= PipelineFixture.PROPERTIES.queueCapacity(); sequence++) {
            queued.add(server.pipeline.accept(batch("h1", guid, sequence)));
        }

        CompletableFuture<Outcome> refused = server.pipeline.accept(batch("h1", guid, 99));

        assertThat(refused).failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(IngestUnavailableException.class,
                        unavailable -> assertThat(unavailable.retryAfter()).isEqualTo(Duration.ofSeconds(7)));
        assertThat(server.pipeline.refusedFull()).isEqualTo(1);
        server.flushAll();
        assertThat(queued).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
        assertThat(server.port(guid).sampledAt()).isEqualTo(batch("h1", guid, 4).collectedAt());
    }

    @Test
    void aWorkerBehindByMoreThanTheMaxQueueWaitRefusesNewBatchesAtOnceUntilItCatchesUp() {
        PipelineFixture fixture = new PipelineFixture(directory, state);
        AtomicLong now = new AtomicLong();
        IngestPipeline pipeline = onVirtualTime(fixture, 100, now);
        String guid = TestBatches.randomGuid();
        CompletableFuture<Outcome> waiting = pipeline.accept(batch("h1", guid, 1));
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        CompletableFuture<Outcome> stillTaken = pipeline.accept(batch("h1", guid, 2));

        now.incrementAndGet();
        assertThat(pipeline.busy(0, Duration.ZERO, true)).as("the oldest batch has waited 1 s and 1 ns").isPresent();
        CompletableFuture<Outcome> refused = pipeline.accept(batch("h1", guid, 3));

        assertThat(refused).failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(IngestUnavailableException.class, unavailable -> {
                    assertThat(unavailable.retryAfter()).as("the wait bound, not the outage's 7 s").isEqualTo(Duration.ofSeconds(1));
                    assertThat(unavailable).hasMessageContaining("1000 ms");
                });
        now.addAndGet(Duration.ofSeconds(6).toNanos());
        assertThat(pipeline.busy(0, Duration.ZERO, true)).as("waited 7 s and 1 ns: the worker is stuck")
                .hasValueSatisfying(stuck -> assertThat(stuck.retryAfter()).isEqualTo(Duration.ofSeconds(7)));
        assertThat(pipeline.refusedBehind()).isEqualTo(3);
        assertThat(pipeline.queued()).as("the refused batch was not queued").isEqualTo(2);
        PipelineFixture.drain(pipeline);
        assertThat(List.of(waiting, stillTaken)).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
        assertThat(pipeline.busy(0, Duration.ZERO, true)).as("caught up").isEmpty();
        CompletableFuture<Outcome> takenAgain = pipeline.accept(batch("h1", guid, 3));
        PipelineFixture.drain(pipeline);
        assertThat(takenAgain).isCompletedWithValue(Outcome.APPLIED);
    }

    /** A pipeline on {@code now} (nanoseconds) that waits at most 1 s before it refuses (Retry-After 7 s for outages). */
    private static IngestPipeline onVirtualTime(PipelineFixture fixture, int queueCapacity, AtomicLong now) {
        PipelineProperties properties = new PipelineProperties(queueCapacity, 50_000, Duration.ofSeconds(1),
                Duration.ofSeconds(7), Duration.ofSeconds(30), null);
        return new IngestPipeline(new HandOff(liveFabric().build(), fixture.series, fixture.resume,
                properties.storeTimeout(), properties.retryAfter()), properties, Duration.ZERO, now::get);
    }

    /**
     * A pipeline on virtual time with a 1 s bound whose worker has measured 5 ms a port sample: virtual time passes
     * while the series store writes, 10 ms for the flush of a port's first two samples, taken here.
     */
    private IngestPipeline atFiveMillisecondsAPortSample() {
        PipelineFixture fixture = new PipelineFixture(directory, state);
        AtomicLong now = new AtomicLong();
        IngestPipeline pipeline = onVirtualTime(fixture, 500, now);
        fixture.series.beforeWrite(() -> now.addAndGet(Duration.ofMillis(10).toNanos()));
        String warm = TestBatches.randomGuid();
        List<CompletableFuture<Outcome>> first = List.of(pipeline.accept(batch("h0", warm, 1)),
                pipeline.accept(batch("h0", warm, 2)));
        PipelineFixture.drain(pipeline);
        assertThat(first).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
        return pipeline;
    }

    @Test
    void aBurstIsTakenOnlyAsFarAsTheWorkerCanStoreItWithinTheMaxQueueWait() {
        // The worker stores a port sample in 5 ms. A burst of one-port batches arrives in one instant: the queue's oldest
        // batch has waited nothing, yet the 202nd would wait 1,005 ms behind the others, so it and every later one is
        // refused at once.
        IngestPipeline pipeline = atFiveMillisecondsAPortSample();

        List<CompletableFuture<Outcome>> burst = new ArrayList<>();
        for (int agent = 1; agent <= 220; agent++) {
            burst.add(pipeline.accept(batch("h" + agent, TestBatches.randomGuid(), 1)));
        }

        assertThat(burst.subList(0, 201)).as("a second's worth of work").noneMatch(CompletableFuture::isDone);
        assertThat(burst.subList(201, 220)).allSatisfy(answer -> assertThat(answer).failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class).havingCause()
                .isInstanceOfSatisfying(IngestUnavailableException.class, unavailable -> {
                    assertThat(unavailable.retryAfter()).isEqualTo(Duration.ofSeconds(1));
                    assertThat(unavailable).hasMessageContaining("takes about 1005 ms to store, more than 1000 ms");
                }));
        assertThat(pipeline.refusedBehind()).isEqualTo(19);
        PipelineFixture.drain(pipeline);
        assertThat(burst.subList(0, 201)).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
        assertThat(pipeline.busy(0, Duration.ZERO, true)).as("caught up").isEmpty();
    }

    @Test
    void aLargeBatchIsRefusedOnceHalfTheBoundIsTakenAndTheOtherHalfIsKeptForSmallOnes() {
        // 5 ms a port sample and a 1 s bound: a batch of 65 port samples and 36 one-port batches queued take 505 ms to
        // store. A second batch of 65 is refused now, two of 64 (nodes' batches carrying alerts) are still taken, and
        // with them queued (1,145 ms) even a one-port batch is refused.
        IngestPipeline pipeline = atFiveMillisecondsAPortSample();
        List<CompletableFuture<Outcome>> taken = new ArrayList<>(List.of(pipeline.accept(hosts("sweep", 65, 1))));
        taken.addAll(queueOnePortBatches(pipeline, 36));

        assertThat(pipeline.accept(hosts("sweep", 65, 2))).failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class).havingCause()
                .isInstanceOfSatisfying(IngestUnavailableException.class, unavailable -> assertThat(unavailable)
                        .hasMessageContaining("takes about 505 ms to store, more than 500 ms, the rest is kept for "
                                + "batches of at most 64 port samples"));
        assertThat(pipeline.busy(0, Duration.ZERO, false)).as("at the door, a push that may be large").isPresent();
        assertThat(pipeline.busy(0, Duration.ZERO, true)).as("at the door, a push that may be small").isEmpty();
        taken.add(pipeline.accept(hosts("node", BatchSink.SMALL_BATCH_PORTS, 1)));
        taken.add(pipeline.accept(hosts("other-node", BatchSink.SMALL_BATCH_PORTS, 1)));
        assertThat(pipeline.accept(batch("h0", TestBatches.randomGuid(), 1))).failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class).havingCause()
                .isInstanceOfSatisfying(IngestUnavailableException.class, unavailable -> assertThat(unavailable)
                        .hasMessageContaining("takes about 1145 ms to store, more than 1000 ms)"));
        assertThat(pipeline.refusedBehind()).isEqualTo(3);
        PipelineFixture.drain(pipeline);
        assertThat(taken).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
    }

    @Test
    void smallBatchesAloneKeepingTheQueueFullDelayALargeBatchButDoNotShutItOut() {
        // No large batch taken for a second (none since the start): the next is judged by the whole bound; once it is
        // taken, the one after it by half again.
        IngestPipeline pipeline = atFiveMillisecondsAPortSample();
        List<CompletableFuture<Outcome>> taken = queueOnePortBatches(pipeline, 101);

        taken.add(pipeline.accept(hosts("sweep", 65, 1)));
        assertThat(taken.getLast()).as("505 ms queued, its turn: the whole bound").isNotDone();
        assertThat(pipeline.accept(hosts("other-sweep", 65, 1))).failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class).havingCause()
                .isInstanceOfSatisfying(IngestUnavailableException.class, unavailable -> assertThat(unavailable)
                        .hasMessageContaining("takes about 830 ms to store, more than 500 ms, the rest is kept"));

        PipelineFixture.drain(pipeline);
        assertThat(taken).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
    }

    /** {@code count} one-port batches of as many agents, queued: each is taken. */
    private static List<CompletableFuture<Outcome>> queueOnePortBatches(IngestPipeline pipeline, int count) {
        List<CompletableFuture<Outcome>> taken = new ArrayList<>();
        for (int agent = 1; agent <= count; agent++) {
            taken.add(pipeline.accept(batch("h" + agent, TestBatches.randomGuid(), 1)));
        }
        assertThat(taken).noneMatch(CompletableFuture::isDone);
        return taken;
    }

    /** A batch of {@code ports} one-port hosts, from agent {@code agentId}. */
    private static IngestBatch hosts(String agentId, int ports, long sequence) {
        NodeReport[] nodes = new NodeReport[ports];
        for (int i = 0; i < ports; i++) {
            nodes[i] = TestBatches.hca(TestBatches.randomGuid(), agentId + " host " + i,
                    TestBatches.activePort(1, Map.of("PortXmitData", 1_000L)));
        }
        return TestBatches.batch(agentId, sequence, PipelineFixture.T0.plusSeconds(10 * sequence), nodes);
    }

    @Test
    void atTheDoorPushesOnTheirWayInCountAheadAndWhatIsStoredUntilThisOneIsInDoesNot() {
        // 5 ms a port sample and nothing queued: 200 port samples being parsed would take 1,000 ms to store,
        // the bound; 201 take 1,005 ms: a push coming now would be refused once parsed, so it is refused before its body
        // is read. Handed in 10 ms from now, it waits 995 ms: taken. The lead counts at most the bound itself.
        IngestPipeline pipeline = atFiveMillisecondsAPortSample();

        assertThat(pipeline.busy(200, Duration.ZERO, true)).isEmpty();
        assertThat(pipeline.busy(201, Duration.ZERO, true)).hasValueSatisfying(refused -> {
            assertThat(refused.retryAfter()).isEqualTo(Duration.ofSeconds(1));
            assertThat(refused).hasMessageContaining("what is queued or on its way in takes about 1005 ms to store");
        });
        assertThat(pipeline.busy(201, Duration.ofMillis(10), true)).isEmpty();
        assertThat(pipeline.busy(400, Duration.ofSeconds(5), true)).as("2,000 ms less the bound's 1,000").isEmpty();
        assertThat(pipeline.busy(401, Duration.ofSeconds(5), true)).isPresent();
        assertThat(pipeline.refusedBehind()).isEqualTo(2);
    }

    @Test
    void aPushDuringAFlushLargerThanTheMaxQueueWaitIsTakenOnceWhatIsLeftOfTheFlushFitsTheWait() {
        // 5 ms a port sample, as above; a 300-port batch (1.5 s of work against a 1 s bound) is flushing. A push that
        // comes as it starts would wait 1.5 s: refused. One that comes when 1 s of it is done would wait 0.5 s: taken.
        PipelineFixture fixture = new PipelineFixture(directory, state);
        AtomicLong now = new AtomicLong();
        List<CompletableFuture<Outcome>> duringFlush = new ArrayList<>();
        AtomicReference<IngestPipeline> self = new AtomicReference<>();
        AppliedBatchListener pushesMeanwhile = (batch, judgedElsewhere) -> {
            if (batch.agentId().equals("sweep")) {
                duringFlush.add(self.get().accept(batch("early", TestBatches.randomGuid(), 1)));
                now.addAndGet(Duration.ofSeconds(1).toNanos());
                duringFlush.add(self.get().accept(batch("late", TestBatches.randomGuid(), 1)));
            }
        };
        PipelineProperties properties = new PipelineProperties(100, 50_000, Duration.ofSeconds(1),
                Duration.ofSeconds(7), Duration.ofSeconds(30), null);
        IngestPipeline pipeline = new IngestPipeline(new HandOff(liveFabric().build(), fixture.series, fixture.resume,
                properties.storeTimeout(), properties.retryAfter(), Duration.ZERO, new PortIndex(),
                List.of(pushesMeanwhile)), properties, Duration.ZERO, now::get);
        self.set(pipeline);
        fixture.series.beforeWrite(() -> now.addAndGet(Duration.ofMillis(10).toNanos()));
        String warm = TestBatches.randomGuid();
        pipeline.accept(batch("h0", warm, 1));
        pipeline.accept(batch("h0", warm, 2));
        PipelineFixture.drain(pipeline);
        NodeReport[] hosts = new NodeReport[300];
        for (int host = 0; host < hosts.length; host++) {
            hosts[host] = TestBatches.hca(TestBatches.randomGuid(), "host " + host,
                    TestBatches.activePort(1, Map.of("PortXmitData", 1_000L)));
        }
        CompletableFuture<Outcome> large = pipeline.accept(TestBatches.batch("sweep", 1, PipelineFixture.T0, hosts));

        PipelineFixture.drain(pipeline);

        assertThat(large).isCompletedWithValue(Outcome.APPLIED);
        assertThat(duringFlush.getFirst()).as("1.5 s of the flush left").failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class).havingCause()
                .isInstanceOf(IngestUnavailableException.class);
        assertThat(duringFlush.getLast()).as("0.5 s of it left").isCompletedWithValue(Outcome.APPLIED);
        assertThat(pipeline.refusedBehind()).isEqualTo(1);
    }

    @Test
    void batchesAreAcknowledgedOnlyAfterTheirRatesAreWrittenAndQueuedBatchesShareOneWrite() {
        PipelineFixture fixture = new PipelineFixture(directory, state);
        PipelineFixture.Server server = fixture.server();
        List<CompletableFuture<Outcome>> answers = new ArrayList<>();
        List<Boolean> answeredBeforeWrite = new ArrayList<>();
        fixture.series.beforeWrite(() -> answers.forEach(answer -> answeredBeforeWrite.add(answer.isDone())));
        String first = TestBatches.randomGuid();
        String second = TestBatches.randomGuid();
        server.ingest(batch("h1", first, 1));
        server.ingest(batch("h2", second, 1));

        answers.add(server.pipeline.accept(batch("h1", first, 2)));
        answers.add(server.pipeline.accept(batch("h2", second, 2)));
        server.flushAll();

        assertThat(answeredBeforeWrite).containsExactly(false, false);
        assertThat(answers).allSatisfy(answer -> assertThat(answer).isCompletedWithValue(Outcome.APPLIED));
        assertThat(fixture.series.writeSizes()).as("both batches in one write").containsExactly(2);
        PortRateSample point = fixture.series.writtenFor(first).getFirst();
        assertThat(point.rates()).containsEntry(RateSeries.of(io.fabricpulse.model.ingest.PortCounter.PortXmitData), 100.0)
                .containsEntry(RateSeries.XMIT_BYTES_PER_SECOND, 400.0);
    }

    @Test
    void stoppingFinishesTheFlushInProgressAndAnswers503ForWhatIsStillQueuedWhenTheDrainIsOver() throws Exception {
        PipelineFixture fixture = new PipelineFixture(directory, state);
        LiveFabric fabric = liveFabric().build();
        IngestPipeline pipeline = new IngestPipeline(new HandOff(fabric, fixture.series, fixture.resume,
                PipelineFixture.PROPERTIES.storeTimeout(), PipelineFixture.PROPERTIES.retryAfter()),
                PipelineFixture.PROPERTIES, Duration.ZERO, System::nanoTime);
        String guid = TestBatches.randomGuid();
        pipeline.start();
        assertThat(pipeline.accept(batch("h1", guid, 1))).succeedsWithin(Duration.ofSeconds(30));
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        fixture.series.beforeWrite(() -> {
            writing.countDown();
            awaitQuietly(release);
        });

        CompletableFuture<Outcome> inFlight = pipeline.accept(batch("h1", guid, 2));
        assertThat(writing.await(30, TimeUnit.SECONDS)).as("the worker is writing batch 2").isTrue();
        List<CompletableFuture<Outcome>> queued = List.of(pipeline.accept(batch("h1", guid, 3)),
                pipeline.accept(batch("h1", guid, 4)));
        Thread stopping = Thread.ofPlatform().start(pipeline::stop);
        await().atMost(Duration.ofSeconds(30)).until(() -> !pipeline.isRunning());
        release.countDown();
        stopping.join(Duration.ofSeconds(30));

        assertThat(stopping.isAlive()).as("stop() returned").isFalse();
        assertThat(inFlight).isCompletedWithValue(Outcome.APPLIED);
        assertThat(queued).allSatisfy(answer -> assertThat(answer).isCompletedExceptionally()
                .failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(IngestUnavailableException.class));
        assertThat(fabric.ports().getFirst().sampledAt()).as("batches 3 and 4 were not applied")
                .isEqualTo(batch("h1", guid, 2).collectedAt());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aStoreOutageAnswers503WithoutApplyingAndTheRetainedFlushIsStoredBeforeAnythingElse() {
        PipelineFixture fixture = new PipelineFixture(directory, state);
        PipelineFixture.Server server = fixture.server();
        String guid = TestBatches.randomGuid();
        server.ingest(batch("h1", guid, 1));
        fixture.series.down(true);

        CompletableFuture<Outcome> failed = server.pipeline.accept(batch("h1", guid, 2));
        server.flushAll();
        CompletableFuture<Outcome> refused = server.pipeline.accept(batch("h1", guid, 3));
        server.flushAll();

        assertThat(failed).isCompletedExceptionally();
        assertThat(refused).failsWithin(Duration.ZERO).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(IngestUnavailableException.class);
        assertThat(server.port(guid).sampledAt()).as("batch 3 was refused unapplied")
                .isEqualTo(batch("h1", guid, 2).collectedAt());

        fixture.series.down(false);
        // The agents resend both from their spools.
        assertThat(server.ingest(batch("h1", guid, 2))).as("stored from the retained flush first")
                .isEqualTo(Outcome.ALREADY_APPLIED);
        assertThat(server.ingest(batch("h1", guid, 3))).isEqualTo(Outcome.APPLIED);
        assertThat(server.ingest(batch("h1", guid, 3))).as("now stored: a replay").isEqualTo(Outcome.ALREADY_APPLIED);

        assertThat(fixture.series.writtenFor(guid)).extracting(PortRateSample::at)
                .as("every interval exactly once, none lost to the outage")
                .containsExactly(batch("h1", guid, 2).collectedAt(), batch("h1", guid, 3).collectedAt());
    }
}
