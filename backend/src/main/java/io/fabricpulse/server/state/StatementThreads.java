package io.fabricpulse.server.state;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Wrapped;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.util.concurrent.Executors;

/**
 * The state store's connections, each handed over on a thread of the store's own, so that a blocking driver's
 * statements never run on an event loop. r2dbc-h2 runs a statement on the thread that subscribes to it, and r2dbc-pool
 * hands a subscriber waiting for a connection the one released on the releasing thread: a background writer's
 * cable-history MERGE (seconds long at a 600,000-port first sight) ran on the event loop whose request had just
 * released a connection, and the pushes on that loop got no answer meanwhile. As many threads as the pool has
 * connections: a statement holds a connection for as long as it runs. What follows a statement in its chain runs on the
 * same thread until the chain hops again, and a {@code block(timeout)} on a statement now counts its wait for a thread
 * too: nothing on these threads may block on another statement.
 */
final class StatementThreads implements ConnectionFactory, Wrapped<ConnectionFactory>, Disposable {

    private final ConnectionPool pool;
    private final Scheduler threads;

    StatementThreads(ConnectionPool pool) {
        // One queue for all threads (not bounded elastic's queue per thread): a handover waits for whichever thread is
        // free first, never behind one long statement while other threads idle. Daemon threads, as Reactor's own.
        this(pool, Schedulers.fromExecutorService(Executors.newFixedThreadPool(
                pool.getMetrics().map(metrics -> metrics.getMaxAllocatedSize()).orElse(10),
                Thread.ofPlatform().name("fabricpulse-state-", 1).daemon().factory()), "fabricpulse-state"));
    }

    /** Hands connections over on {@code threads}, which it disposes with the pool. */
    StatementThreads(ConnectionPool pool, Scheduler threads) {
        this.pool = pool;
        this.threads = threads;
    }

    @Override
    public Publisher<? extends Connection> create() {
        // A wait cancelled after the pool gave the connection out but before it was handed over: the pool takes it
        // back itself (StatementThreadsTest).
        return Mono.from(pool.create()).publishOn(threads);
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return pool.getMetadata();
    }

    /** The pool, for its metrics. */
    @Override
    public ConnectionFactory unwrap() {
        return pool;
    }

    @Override
    public void dispose() {
        pool.dispose();
        threads.dispose();
    }

    @Override
    public boolean isDisposed() {
        return pool.isDisposed();
    }
}
