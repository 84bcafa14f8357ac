package io.fabricpulse.agent.push;

import io.fabricpulse.model.ingest.IngestBatch;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Every batch to every server: one {@link Pusher} per {@link ServerLane}, each with its own buffer, thread,
 * back-off and statistics, so a replica that is down, slow or cut off delays nobody else and gets what it
 * missed when it returns. A batch is encoded once and the same bytes go to every lane. With one server this
 * is exactly the single pusher it always was.
 */
public final class DeliveryLanes implements BatchSink, AutoCloseable {

    private final List<Lane> lanes;
    private final BatchEncoder encoder;

    private record Lane(ServerLane server, IngestClient client, Pusher pusher) {
    }

    /**
     * @param waiters a new {@link Waiter} per lane (its back-off waits end on that lane's close)
     */
    public DeliveryLanes(List<ServerLane> servers, BatchEncoder encoder, RetryPolicy policy, Clock clock,
                         Supplier<Waiter> waiters) {
        this(servers, encoder, policy, clock, waiters, answer -> {
        });
    }

    /** @param answers gets the body of every answer that delivered a batch, from any lane (the server's orders) */
    public DeliveryLanes(List<ServerLane> servers, BatchEncoder encoder, RetryPolicy policy, Clock clock,
                         Supplier<Waiter> waiters, Consumer<byte[]> answers) {
        this(servers, encoder, policy, clock, waiters, new SplittableRandom(), answers);
    }

    DeliveryLanes(List<ServerLane> servers, BatchEncoder encoder, RetryPolicy policy, Clock clock,
                  Supplier<Waiter> waiters, RandomGenerator random) {
        this(servers, encoder, policy, clock, waiters, random, answer -> {
        });
    }

    private DeliveryLanes(List<ServerLane> servers, BatchEncoder encoder, RetryPolicy policy, Clock clock,
                          Supplier<Waiter> waiters, RandomGenerator random, Consumer<byte[]> answers) {
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("at least one server to deliver to");
        }
        this.encoder = encoder;
        List<Lane> built = new ArrayList<>(servers.size());
        for (ServerLane server : servers) {
            IngestClient client = new IngestClient(server.endpoint(), clock, answers);
            // each lane its own jitter stream: lanes retrying in lock-step would knock on every replica at once
            RandomGenerator jitter = new SplittableRandom(random.nextLong());
            built.add(new Lane(server, client, new Pusher(client, encoder, server.buffer(), policy, clock,
                    waiters.get(), jitter)));
        }
        this.lanes = List.copyOf(built);
    }

    /** Starts every lane's sending thread. */
    public void start() {
        for (int i = 0; i < lanes.size(); i++) {
            lanes.get(i).pusher().start(lanes.size() == 1 ? "fabricpulse-push" : "fabricpulse-push-" + (i + 1));
        }
    }

    /** Encodes the batch once and queues it on every lane; never blocks on the network. */
    @Override
    public void accept(IngestBatch batch) {
        EncodedBatch encoded = encoder.encode(batch);
        for (Lane lane : lanes) {
            lane.pusher().accept(encoded);
        }
    }

    /** The servers, in the order given. */
    public List<IngestEndpoint> endpoints() {
        return lanes.stream().map(lane -> lane.server().endpoint()).toList();
    }

    /** Each lane's statistics, in the order of {@link #endpoints()}. */
    public List<PushStats> stats() {
        return lanes.stream().map(lane -> lane.pusher().stats()).toList();
    }

    /**
     * Waits until no batch waits or is in flight on any lane, at most {@code timeout} per lane.
     *
     * @return true when all are idle
     */
    public boolean awaitIdle(java.time.Duration timeout) throws InterruptedException {
        for (Lane lane : lanes) {
            if (!lane.pusher().awaitIdle(timeout)) {
                return false;
            }
        }
        return true;
    }

    /** Flushes and stops every lane (each bounded by the flush timeout, all at once), then releases them. */
    @Override
    public void close() {
        if (lanes.size() == 1) {
            lanes.getFirst().pusher().close();
        } else {
            closeInParallel();
        }
        for (Lane lane : lanes) {
            lane.server().buffer().close();
            lane.client().close();
        }
    }

    /** A server that is down must not eat the flush time of the others. */
    private void closeInParallel() {
        List<Thread> closing = new ArrayList<>(lanes.size());
        for (Lane lane : lanes) {
            closing.add(Thread.ofPlatform().name("fabricpulse-flush").start(lane.pusher()::close));
        }
        for (Thread thread : closing) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
