package io.fabricpulse.server.state;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A real H2 pool of one connection: who runs a statement that waited for it, and what a cancelled wait leaves. */
class StatementThreadsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(
            ConnectionFactories.get("r2dbc:h2:mem:///threads-" + UUID.randomUUID() + "?options=DB_CLOSE_DELAY=-1"))
            .maxSize(1).build());
    private final StatementThreads connections = new StatementThreads(pool);
    /** Stands in for an event loop: it holds the only connection, then releases it. */
    private final ExecutorService eventLoop = Executors.newSingleThreadExecutor(r -> new Thread(r, "event-loop"));

    @AfterEach
    void close() {
        eventLoop.shutdownNow();
        connections.dispose();
    }

    @Test
    void aStatementThatWaitedForAConnectionRunsOnTheStoresThreadNotOnTheThreadThatReleasedIt() throws Exception {
        Connection held = CompletableFuture.supplyAsync(() -> Mono.from(connections.create()).block(TIMEOUT), eventLoop)
                .get(10, TimeUnit.SECONDS);
        CompletableFuture<String> waiting = Mono.usingWhen(connections.create(), this::threadOfAStatement,
                Connection::close).toFuture();
        assertThat(waiting).isNotDone();

        eventLoop.submit(() -> Mono.from(held.close()).block(TIMEOUT)).get(10, TimeUnit.SECONDS);

        assertThat(waiting.get(10, TimeUnit.SECONDS)).startsWith("fabricpulse-state").isNotEqualTo("event-loop");
    }

    @Test
    void aConnectionHandedOverAfterItsWaitWasCancelledGoesBackToThePool() throws Exception {
        ConnectionPool one = new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(
                "r2dbc:h2:mem:///threads-" + UUID.randomUUID() + "?options=DB_CLOSE_DELAY=-1")).maxSize(1).build());
        Scheduler busy = Schedulers.newSingle("fabricpulse-state-busy");
        StatementThreads handOver = new StatementThreads(one, busy);
        try {
            CountDownLatch free = new CountDownLatch(1);
            busy.schedule(() -> awaitQuietly(free)); // the store's thread is busy: the handover waits behind it
            Disposable waiting = Mono.from(handOver.create()).subscribe(StatementThreadsTest::release);
            await().atMost(TIMEOUT).until(() -> one.getMetrics().orElseThrow().acquiredSize() == 1); // not yet handed over

            waiting.dispose();
            free.countDown();

            String thread = Mono.usingWhen(handOver.create(), this::threadOfAStatement, Connection::close)
                    .block(TIMEOUT);
            assertThat(thread).startsWith("fabricpulse-state-busy");
        } finally {
            handOver.dispose();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void release(Connection connection) {
        Mono.from(connection.close()).subscribe();
    }

    private Mono<String> threadOfAStatement(Connection connection) {
        return Mono.from(connection.createStatement("SELECT 1").execute())
                .flatMap(result -> Mono.from(result.map((row, meta) -> Thread.currentThread().getName())));
    }
}
