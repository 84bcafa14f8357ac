package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.retry.Backoff;
import io.fabricpulse.server.series.PortRateSample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Sends port samples to a remote-write endpoint in the background, so ingest never waits for it.
 *
 * <p>Samples are queued per shard (a port always in the same shard, so its points reach the
 * receiver in order) and sent by one thread per shard. A failed request is retried with backoff
 * until it is delivered (408, 429, 5xx, network errors), split (413) or refused for good (other
 * 4xx: logged and counted as rejected). Nothing is lost while the queues have room; when a shard's
 * queue is full the oldest samples make room for the new ones and are counted as dropped.
 */
public final class RemoteWriter implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RemoteWriter.class);
    private static final Duration LOG_EVERY = Duration.ofSeconds(10);
    private static final Duration CLOSE_DRAIN = Duration.ofSeconds(5);

    private final PrometheusSeriesProperties properties;
    private final HttpClient http;
    private final WriteRequests requests;
    private final Backoff backoff;
    private final Clock clock;
    private final Shard[] shards;
    private final AtomicLong deliveredSeries = new AtomicLong();
    private final AtomicLong rejectedSeries = new AtomicLong();
    private final AtomicLong droppedSamples = new AtomicLong();
    private final AtomicLong failedAttempts = new AtomicLong();
    private volatile String lastFailure;
    private volatile boolean failing;
    private volatile boolean closed;

    /** What the writer did so far: series are port x rate, samples are port samples. */
    public record Stats(long deliveredSeries, long rejectedSeries, long droppedSamples, long failedAttempts, long queuedSamples,
                 boolean failing, String lastFailure) {
    }

    RemoteWriter(PrometheusSeriesProperties properties, HttpClient http, Clock clock) {
        this.properties = properties;
        this.http = http;
        this.clock = clock;
        this.requests = new WriteRequests(properties.metric(), properties.externalLabels());
        this.backoff = new Backoff(properties.minBackoff(), properties.maxBackoff(), java.util.concurrent.ThreadLocalRandom.current());
        this.shards = new Shard[properties.shards()];
        int capacity = Math.max(1, properties.queueCapacity() / properties.shards());
        for (int i = 0; i < shards.length; i++) {
            shards[i] = new Shard(capacity);
            Thread.ofPlatform().daemon().name("prometheus-remote-write-" + i).start(shards[i]::run);
        }
    }

    /** Queues the samples; never blocks on the endpoint. */
    void enqueue(List<PortRateSample> samples) {
        if (closed) {
            throw new IllegalStateException("the remote writer is closed");
        }
        if (shards.length == 1) {
            shards[0].offer(samples);
            return;
        }
        List<List<PortRateSample>> split = new ArrayList<>(shards.length);
        for (int i = 0; i < shards.length; i++) {
            split.add(new ArrayList<>(samples.size() / shards.length + 1));
        }
        for (PortRateSample sample : samples) {
            split.get(Math.floorMod(sample.port().hashCode(), shards.length)).add(sample);
        }
        for (int i = 0; i < shards.length; i++) {
            if (!split.get(i).isEmpty()) {
                shards[i].offer(split.get(i));
            }
        }
    }

    /** Waits until everything queued before this call is delivered, refused or dropped; false on time-out. */
    boolean awaitSent(Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        for (Shard shard : shards) {
            if (!shard.awaitSent(deadline)) {
                return false;
            }
        }
        return true;
    }

    Stats stats() {
        long queued = 0;
        for (Shard shard : shards) {
            queued += shard.queued();
        }
        return new Stats(deliveredSeries.get(), rejectedSeries.get(), droppedSamples.get(), failedAttempts.get(), queued,
                failing, lastFailure);
    }

    /** Sends what is queued for a few seconds more, then stops; what is left is counted as dropped. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            awaitSent(CLOSE_DRAIN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long left = 0;
        for (Shard shard : shards) {
            left += shard.stop();
        }
        if (left > 0) {
            droppedSamples.addAndGet(left);
            log.warn("remote write to {}: {} port samples still queued at shutdown were dropped", properties.writeUrl(),
                    left);
        }
    }

    private final class Shard {

        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notEmpty = lock.newCondition();
        private final Condition progress = lock.newCondition();
        private final Condition stopping = lock.newCondition();
        private final ArrayDeque<PortRateSample> queue = new ArrayDeque<>();
        private final int capacity;
        /** Port samples ever queued, and ever finished (sent, refused or dropped): read-your-writes compares them. */
        private long offered;
        private long finished;
        private long droppedSinceLog;
        private Instant lastDropLog = Instant.EPOCH;
        private boolean stopped;

        Shard(int capacity) {
            this.capacity = capacity;
        }

        void offer(List<PortRateSample> samples) {
            lock.lock();
            try {
                for (PortRateSample sample : samples) {
                    if (queue.size() >= capacity) {
                        queue.pollFirst();
                        finished++;
                        droppedSamples.incrementAndGet();
                        droppedSinceLog++;
                    }
                    queue.addLast(sample);
                    offered++;
                }
                logDrops();
                notEmpty.signal();
            } finally {
                lock.unlock();
            }
        }

        private void logDrops() {
            Instant now = clock.instant();
            if (droppedSinceLog > 0 && Duration.between(lastDropLog, now).compareTo(LOG_EVERY) >= 0) {
                log.warn("remote write to {}: queue full ({} port samples per shard), dropped the {} oldest; {} dropped "
                        + "since start ({})", properties.writeUrl(), capacity, droppedSinceLog, droppedSamples.get(),
                        lastFailure == null ? "the endpoint is slower than ingest" : "last failure: " + lastFailure);
                droppedSinceLog = 0;
                lastDropLog = now;
            }
        }

        int queued() {
            lock.lock();
            try {
                return queue.size();
            } finally {
                lock.unlock();
            }
        }

        boolean awaitSent(long deadlineNanos) throws InterruptedException {
            lock.lock();
            try {
                long target = offered;
                while (finished < target) {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    progress.awaitNanos(left);
                }
                return true;
            } finally {
                lock.unlock();
            }
        }

        int stop() {
            lock.lock();
            try {
                stopped = true;
                int left = queue.size();
                finished += left;
                queue.clear();
                notEmpty.signalAll();
                progress.signalAll();
                stopping.signalAll();
                return left;
            } finally {
                lock.unlock();
            }
        }

        void run() {
            while (true) {
                List<PortRateSample> batch = take();
                if (batch == null) {
                    return;
                }
                send(batch);
                lock.lock();
                try {
                    finished += batch.size();
                    progress.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        }

        /** The next request's samples, up to the series limit; null once stopped. */
        private List<PortRateSample> take() {
            lock.lock();
            try {
                while (queue.isEmpty()) {
                    if (stopped) {
                        return null;
                    }
                    notEmpty.await(1, TimeUnit.SECONDS);
                }
                List<PortRateSample> batch = new ArrayList<>();
                int series = 0;
                while (!queue.isEmpty() && (batch.isEmpty()
                        || series + WriteRequests.seriesOf(queue.peekFirst()) <= properties.maxSeriesPerRequest())) {
                    PortRateSample sample = queue.pollFirst();
                    series += WriteRequests.seriesOf(sample);
                    batch.add(sample);
                }
                return batch;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } finally {
                lock.unlock();
            }
        }

        private boolean isStopped() {
            lock.lock();
            try {
                return stopped;
            } finally {
                lock.unlock();
            }
        }

        /** Sends one request until it is delivered, split or refused, or the writer stops. */
        private void send(List<PortRateSample> batch) {
            int series = 0;
            for (PortRateSample sample : batch) {
                series += WriteRequests.seriesOf(sample);
            }
            byte[] body = requests.encode(batch);
            int failures = 0;
            Instant firstFailure = null;
            attempts:
            while (!isStopped()) {
                HttpResponse<String> response = null;
                SendOutcome outcome;
                String why;
                try {
                    response = http.send(request(body), HttpResponse.BodyHandlers.ofString());
                    outcome = SendOutcome.of(response.statusCode());
                    why = "HTTP " + response.statusCode() + excerpt(response.body());
                } catch (IOException e) {
                    outcome = SendOutcome.RETRY;
                    why = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                switch (outcome) {
                    case DELIVERED -> {
                        deliveredSeries.addAndGet(series);
                        if (failures > 0) {
                            failing = false;
                            log.info("remote write to {} delivers again after {} failed attempts over {} s",
                                    properties.writeUrl(), failures,
                                    Duration.between(firstFailure, clock.instant()).toSeconds());
                        }
                        return;
                    }
                    case SPLIT -> {
                        if (batch.size() > 1) {
                            log.warn("remote write to {}: {} for {} series; sending it in two halves",
                                    properties.writeUrl(), why, series);
                            send(batch.subList(0, batch.size() / 2));
                            send(batch.subList(batch.size() / 2, batch.size()));
                            return;
                        }
                        reject(series, why);
                        return;
                    }
                    case REJECTED -> {
                        reject(series, why);
                        return;
                    }
                    case RETRY -> {
                        failures++;
                        failedAttempts.incrementAndGet();
                        lastFailure = why;
                        if (failures == 1) {
                            firstFailure = clock.instant();
                            failing = true;
                            log.warn("remote write to {} failed: {}; retrying with backoff, {} port samples queued",
                                    properties.writeUrl(), why, queued());
                        } else {
                            log.debug("remote write to {} failed again ({} attempts): {}", properties.writeUrl(),
                                    failures, why);
                        }
                        // Retry-After when the receiver says (429, 503), never longer than max-backoff.
                        Duration asked = response == null ? null : Backoff.retryAfter(
                                response.headers().firstValue("Retry-After").orElse(null), clock.instant());
                        Duration wait = asked == null ? backoff.after(failures)
                                : asked.compareTo(backoff.max()) > 0 ? backoff.max() : asked;
                        if (!pause(wait)) {
                            break attempts;
                        }
                    }
                }
            }
            // Stopped while retrying: this request is lost, and counted.
            droppedSamples.addAndGet(batch.size());
            log.warn("remote write to {}: {} port samples still failing at shutdown were dropped ({})",
                    properties.writeUrl(), batch.size(), lastFailure);
        }

        private void reject(int series, String why) {
            rejectedSeries.addAndGet(series);
            lastFailure = why;
            log.error("remote write to {} refused {} series for good: {} (counted as rejected; check the URL, "
                    + "credentials and the receiver's limits)", properties.writeUrl(), series, why);
        }

        /** Waits, waking early when the writer stops; false when stopped. */
        private boolean pause(Duration wait) {
            lock.lock();
            try {
                long left = wait.toNanos();
                while (left > 0 && !stopped) {
                    left = stopping.awaitNanos(left);
                }
                return !stopped;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } finally {
                lock.unlock();
            }
        }
    }

    private HttpRequest request(byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(properties.writeUrl())
                .timeout(properties.timeout())
                .header("Content-Type", "application/x-protobuf")
                .header("Content-Encoding", "snappy")
                .header("X-Prometheus-Remote-Write-Version", "0.1.0")
                .header("User-Agent", "FabricPulse")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        String authorization = properties.authorization();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        properties.headers().forEach(request::header);
        return request.build();
    }

    /** The start of an error body for the log: receivers say why there (out of order, too old, limits). */
    static String excerpt(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String line = body.strip().replaceAll("\\s+", " ");
        return ": " + (line.length() > 300 ? line.substring(0, 300) + "..." : line);
    }
}
