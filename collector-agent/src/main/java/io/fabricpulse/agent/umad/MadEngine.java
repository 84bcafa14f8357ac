package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadHeaderField;
import io.fabricpulse.agent.mad.MadRequest;
import io.fabricpulse.agent.mad.Mads;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Many MADs in flight over one port: a bounded window of outstanding transaction ids, answers
 * matched by TransactionID, a timeout and retries per request, a non-zero status as a typed error.
 * One receiver thread waits in {@code umad_recv} while requests are in flight, for at most
 * {@link #MAX_RECEIVE_MS} (or until the nearest attempt's deadline) at a time, so {@link #close()}
 * returns promptly. While nothing is in flight it parks without a timeout: between two polls an idle
 * engine wakes no thread (it used to wake 200 times a second, about 1% of a core at a 10 s interval,
 * docs/PERFORMANCE.md). An answer that arrives while it is parked (late, to an attempt already given
 * up) waits in the kernel's queue and is read, and counted stale, when the next request goes out.
 *
 * <p>Each attempt gets a fresh TID: a late answer to an abandoned attempt is then simply unknown
 * and dropped, instead of completing the wrong attempt. Only the low 32 bits are ours; the kernel
 * (and umad2sim) stamp the agent id into the high ones.
 */
public final class MadEngine implements AutoCloseable {

    static final int MAX_RECEIVE_MS = 50;

    private final MadTransport transport;
    private final EngineSettings settings;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when a request goes out or the engine closes: the parked receiver has work. */
    private final Condition busy = lock.newCondition();
    private final Queue<Pending> waiting = new ArrayDeque<>();
    private final Map<Long, Pending> inFlight = new HashMap<>();
    private final AtomicLong nextTid;
    private final AtomicLong stale = new AtomicLong();
    private final AtomicLong retried = new AtomicLong();
    private final Thread receiver;
    private volatile boolean running = true;

    MadEngine(MadTransport transport, EngineSettings settings, Clock clock) {
        this.transport = transport;
        this.settings = settings;
        this.clock = clock;
        this.nextTid = new AtomicLong(clock.millis() & 0xffff_ffL);
        this.receiver = Thread.ofPlatform().daemon().name("mad-receiver-" + transport).start(this::receiveLoop);
    }

    /** Opens {@code caName}/{@code port} and starts an engine on it. */
    public static MadEngine open(UmadLibrary umad, String caName, int port, EngineSettings settings, Clock clock)
            throws UmadUnavailableException {
        return new MadEngine(new UmadPort(umad, caName, port), settings, clock);
    }

    /** Queues {@code request}; the future completes with the checked response or a {@link MadException}. */
    public CompletableFuture<byte[]> submit(MadRequest request) {
        Pending pending = new Pending(request, new CompletableFuture<>());
        lock.lock();
        try {
            if (!running) {
                pending.future.completeExceptionally(new MadTransportException("engine on " + transport + " is closed"));
                return pending.future;
            }
            waiting.add(pending);
            pump();
        } finally {
            lock.unlock();
        }
        return pending.future;
    }

    /** Sends {@code request} and waits for its checked response (never longer than all its attempts). */
    public byte[] call(MadRequest request) throws MadException {
        return await(request, submit(request));
    }

    /**
     * Waits for the answer to {@code request}, submitted earlier as {@code future}: callers submit the
     * requests that do not depend on each other first and await them together, so a port's MADs travel
     * side by side instead of one round trip each.
     */
    public byte[] await(MadRequest request, CompletableFuture<byte[]> future) throws MadException {
        try {
            return future.get(settings.worstCase().toMillis() * 4, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof MadException mad) {
                throw mad;
            }
            throw new MadTransportException(request + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new MadTimeoutException(request + ": engine gave no verdict within " + settings.worstCase().multipliedBy(4));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MadTransportException(request + ": interrupted while waiting", e);
        }
    }

    public EngineSettings settings() {
        return settings;
    }

    /** Answers that matched no outstanding request (late answers to attempts already retried). */
    public long staleAnswers() {
        return stale.get();
    }

    /** Attempts repeated after a timeout. */
    public long retries() {
        return retried.get();
    }

    /** Sends waiting requests while the window has room. Caller holds the lock. */
    private void pump() {
        while (inFlight.size() < settings.window() && !waiting.isEmpty()) {
            Pending next = waiting.poll();
            if (!next.future.isDone()) {
                sendAttempt(next);
            }
        }
    }

    private void sendAttempt(Pending pending) {
        long tid = nextTid.getAndIncrement() & 0xffff_ffffL;
        pending.tid = tid;
        pending.deadline = clock.millis() + settings.timeout().toMillis();
        inFlight.put(tid, pending);
        busy.signal();
        try {
            transport.send(pending.request, pending.request.withTransactionId(tid), (int) settings.timeout().toMillis());
        } catch (IOException e) {
            inFlight.remove(tid);
            pending.future.completeExceptionally(new MadTransportException(e.getMessage(), e));
        }
    }

    private void receiveLoop() {
        while (running) {
            try {
                int waitMs = awaitWork();
                if (waitMs < 0) {
                    return;
                }
                MadTransport.Received received = transport.receive(waitMs);
                if (received != null) {
                    handle(received);
                }
                expire();
            } catch (IOException | RuntimeException e) {
                failAll(new MadTransportException("receiving on " + transport + " failed: " + e.getMessage(), e));
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Parks while nothing is in flight; then how long the next receive may wait: until the nearest
     * attempt's deadline, at least 1 ms, at most {@link #MAX_RECEIVE_MS}. Negative once closed.
     */
    private int awaitWork() throws InterruptedException {
        lock.lock();
        try {
            while (running && inFlight.isEmpty()) {
                busy.await();
            }
            if (!running) {
                return -1;
            }
            long nearest = Long.MAX_VALUE;
            for (Pending p : inFlight.values()) {
                nearest = Math.min(nearest, p.deadline);
            }
            return (int) Math.clamp(nearest - clock.millis(), 1, MAX_RECEIVE_MS);
        } finally {
            lock.unlock();
        }
    }

    private void handle(MadTransport.Received received) {
        if (received.mad().length < 16) {
            stale.incrementAndGet();
            return;
        }
        long tid = MadHeaderField.TransactionId.get(received.mad(), 0) & 0xffff_ffffL;
        lock.lock();
        try {
            Pending pending = inFlight.remove(tid);
            if (pending == null) {
                stale.incrementAndGet();
                return;
            }
            if (received.status() != 0) {
                // The kernel timed the send out (ETIMEDOUT) or could not deliver it: same as no answer.
                retryOrFail(pending, "no answer (umad status " + received.status() + ")");
            } else {
                try {
                    pending.future.complete(Mads.checkResponse(pending.request, received.mad()));
                } catch (MadException e) {
                    pending.future.completeExceptionally(e);
                }
            }
            pump();
        } finally {
            lock.unlock();
        }
    }

    private void expire() {
        long now = clock.millis();
        lock.lock();
        try {
            List<Pending> late = new ArrayList<>();
            for (Pending p : inFlight.values()) {
                if (now >= p.deadline || p.future.isDone()) {
                    late.add(p);
                }
            }
            for (Pending p : late) {
                inFlight.remove(p.tid);
                if (!p.future.isDone()) {
                    retryOrFail(p, "no answer in " + settings.timeout().toMillis() + " ms");
                }
            }
            pump();
        } finally {
            lock.unlock();
        }
    }

    /** Caller holds the lock and has taken {@code pending} out of the in-flight map. */
    private void retryOrFail(Pending pending, String why) {
        if (pending.attempts <= settings.retries()) {
            pending.attempts++;
            retried.incrementAndGet();
            sendAttempt(pending);
        } else {
            pending.future.completeExceptionally(new MadTimeoutException(
                    "%s: %s after %d attempts (%d unmatched answers on this port)".formatted(pending.request, why,
                            pending.attempts, stale.get())));
        }
    }

    private void failAll(MadException cause) {
        lock.lock();
        try {
            running = false;
            busy.signalAll();
            inFlight.values().forEach(p -> p.future.completeExceptionally(cause));
            waiting.forEach(p -> p.future.completeExceptionally(cause));
            inFlight.clear();
            waiting.clear();
        } finally {
            lock.unlock();
        }
    }

    /** Stops the receiver (within one receive wait), fails what is still pending, closes the port. */
    @Override
    public void close() {
        lock.lock();
        try {
            running = false;
            busy.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            receiver.join(1000L + MAX_RECEIVE_MS * 10L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        failAll(new MadTransportException("engine on " + transport + " closed"));
        if (!receiver.isAlive()) {
            transport.close();
        }
    }

    private static final class Pending {
        final MadRequest request;
        final CompletableFuture<byte[]> future;
        long tid;
        long deadline;
        int attempts = 1;

        Pending(MadRequest request, CompletableFuture<byte[]> future) {
            this.request = request;
            this.future = future;
        }
    }
}
