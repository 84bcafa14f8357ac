package io.fabricpulse.agent.loadgen;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the simulated agents' pushes came to, recorded from many threads: port samples the server
 * acknowledged, push attempts by outcome, the latency of acknowledged pushes, and how long every push that got an
 * answer waited for it, acknowledged or refused alike (HdrHistogram, 3 significant digits): a 503 is an answer too,
 * and an overloaded server owes one quickly. Read as windows for the progress lines and as a total at the end.
 */
final class LoadStats {

    /** Outcome of an attempt that got no HTTP answer (refused, reset, timed out). */
    static final String NO_ANSWER = "no answer";

    private static final long MAX_LATENCY_MICROS = TimeUnit.MINUTES.toMicros(10);

    private final Recorder latencyMicros = new Recorder(MAX_LATENCY_MICROS, 3);
    private final Histogram totalLatency = new Histogram(MAX_LATENCY_MICROS, 3);
    /** Latencies of the pushes acknowledged since {@link #steadyFromNow()}. */
    private final Recorder steadyLatencyMicros = new Recorder(MAX_LATENCY_MICROS, 3);
    /** How long each answered push (any HTTP status) waited for its answer, since the start and in the steady state. */
    private final Recorder answerMicros = new Recorder(MAX_LATENCY_MICROS, 3);
    private final Recorder steadyAnswerMicros = new Recorder(MAX_LATENCY_MICROS, 3);
    private volatile boolean steady;
    private final LongAdder polled = new LongAdder();
    private final LongAdder samples = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final Map<String, LongAdder> byOutcome = new ConcurrentHashMap<>();

    /** A window (or the total): samples acknowledged, attempts ok and failed, latencies of the ok ones. */
    record Window(long samples, long ok, long failed, Histogram latencyMicros) {

        double percentileMillis(double percentile) {
            return LoadStats.percentileMillis(latencyMicros, percentile);
        }

        double maxMillis() {
            return LoadStats.maxMillis(latencyMicros);
        }
    }

    /** A latency percentile of {@code micros} in milliseconds; NaN when it holds none. */
    static double percentileMillis(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? Double.NaN : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    /** The longest latency of {@code micros} in milliseconds; NaN when it holds none. */
    static double maxMillis(Histogram micros) {
        return micros.getTotalCount() == 0 ? Double.NaN : micros.getMaxValue() / 1000.0;
    }

    private long samplesAtLastWindow;
    private long okAtLastWindow;
    private long failedAtLastWindow;

    /** A poll of {@code ports} port samples, handed to the pusher. */
    void polled(int ports) {
        polled.add(ports);
    }

    /** Port samples polled since the start: what the agents offered, as far as they kept up with their steps. */
    long samplesPolled() {
        return polled.sum();
    }

    /** An acknowledged push (2xx) of {@code ports} port samples that took {@code nanos}. */
    void delivered(int status, int ports, long nanos) {
        samples.add(ports);
        ok.increment();
        count(String.valueOf(status));
        long micros = answered(nanos);
        latencyMicros.recordValue(micros);
        if (steady) {
            steadyLatencyMicros.recordValue(micros);
        }
    }

    /** Records how long an answer took; returns it in microseconds (within the histograms' range). */
    private long answered(long nanos) {
        long micros = Math.min(Math.max(nanos / 1000, 0), MAX_LATENCY_MICROS);
        answerMicros.recordValue(micros);
        if (steady) {
            steadyAnswerMicros.recordValue(micros);
        }
        return micros;
    }

    /** From now on acknowledged pushes also count as the steady state's. */
    void steadyFromNow() {
        steady = true;
    }

    /**
     * Latencies of the pushes acknowledged in the steady state since it began or since the previous call; empty
     * before it. Called from one thread.
     */
    synchronized Histogram steadyLatency() {
        return steadyLatencyMicros.getIntervalHistogram();
    }

    /** A push that did not go through after {@code nanos}: an HTTP status, or 0 when no answer came. */
    void failed(int status, long nanos) {
        failed.increment();
        count(status == 0 ? NO_ANSWER : String.valueOf(status));
        if (status != 0) {
            answered(nanos);
        }
    }

    /** How long the answered pushes waited since the start (or the previous call). Called from one thread. */
    synchronized Histogram answers() {
        return answerMicros.getIntervalHistogram();
    }

    /** How long the pushes answered in the steady state waited (since it began or the previous call). */
    synchronized Histogram steadyAnswers() {
        return steadyAnswerMicros.getIntervalHistogram();
    }

    private void count(String outcome) {
        byOutcome.computeIfAbsent(outcome, k -> new LongAdder()).increment();
    }

    /** Since the previous window (or the start). Called from one thread. */
    synchronized Window window() {
        Histogram latencies = latencyMicros.getIntervalHistogram();
        totalLatency.add(latencies);
        long nowSamples = samples.sum();
        long nowOk = ok.sum();
        long nowFailed = failed.sum();
        Window window = new Window(nowSamples - samplesAtLastWindow, nowOk - okAtLastWindow,
                nowFailed - failedAtLastWindow, latencies);
        samplesAtLastWindow = nowSamples;
        okAtLastWindow = nowOk;
        failedAtLastWindow = nowFailed;
        return window;
    }

    /** Everything since the start, including the latest window. */
    synchronized Window total() {
        window();
        return new Window(samples.sum(), ok.sum(), failed.sum(), totalLatency.copy());
    }

    /** Attempts by outcome ({@code 202}, {@code 503}, {@value #NO_ANSWER}), sorted. */
    Map<String, Long> outcomes() {
        Map<String, Long> sorted = new TreeMap<>();
        byOutcome.forEach((outcome, count) -> sorted.put(outcome, count.sum()));
        return sorted;
    }
}
