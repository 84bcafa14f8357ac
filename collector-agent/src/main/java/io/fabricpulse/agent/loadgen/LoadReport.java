package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.push.PushStats;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The lines {@code loadgen} prints on stdout, meant for people and for scripts alike: one fact per line,
 * a fixed label first, numbers without thousands separators, rates with one decimal. The achieved rate is port
 * samples acknowledged per second of the whole run (polling and drain); "polled" shows what the agents produced,
 * short of "offered" when the generator itself could not keep its steps (too little CPU left).
 * <pre>
 * loadgen: warmed up: 60000 port samples polled and encoded in 2.1 s, none sent
 * [    10 s] 19876.5 port-samples/s | batches ok 99 failed 0 | latency ms p50 12.1 p99 48.3
 * port-samples/s: 19950.2 (1803456 delivered of 1803456 polled; offered 20000.0)
 * batches ok: 900 (202: 900)
 * batches failed: 3 (503: 3)
 * latency ms: p50 12.1 p99 48.3 max 80.2 (900 acknowledged pushes)
 * answer ms: p50 11.9 p99 48.1 max 80.2 (903 pushes answered, acknowledged or refused)
 * </pre>
 * "batches failed" counts failed push attempts by status ({@value LoadStats#NO_ANSWER} when the server did not
 * answer); a batch retried after a 503 and then taken counts once as failed and once as ok. Batches that never
 * reached the server are on the "not delivered" line. "answer ms" is how long every push with an HTTP answer
 * waited for it, a 503 included: what an overloaded server owes its agents quickly.
 */
final class LoadReport {

    private final PrintWriter out;
    private final LoadSettings settings;

    LoadReport(PrintWriter out, LoadSettings settings) {
        this.out = out;
        this.settings = settings;
    }

    void header() {
        out.println("loadgen: " + settings.size());
        out.println("loadgen: " + settings.agents() + (settings.agents() == 1 ? " agent polls" : " agents poll") + " every " + human(settings.interval()) + " for "
                + human(settings.duration()) + " and push to " + settings.endpoint().ingestUri());
        out.println("loadgen: offered " + oneDecimal(settings.offeredSamplesPerSecond()) + " port-samples/s");
        out.flush();
    }

    void warmedUp(long samples, long nanos) {
        out.println("loadgen: warmed up: " + samples + " port samples polled and encoded in " + oneDecimal(nanos / 1e9)
                + " s, none sent");
        out.flush();
    }

    void progress(long elapsedNanos, LoadStats.Window window, long windowNanos) {
        out.printf(Locale.ROOT, "[%6d s] %s port-samples/s | batches ok %d failed %d | latency ms p50 %s p99 %s%n",
                Math.round(elapsedNanos / 1e9), oneDecimal(perSecond(window.samples(), windowNanos)), window.ok(),
                window.failed(), oneDecimal(window.percentileMillis(50)), oneDecimal(window.percentileMillis(99)));
        out.flush();
    }

    LoadResult summary(LoadStats.Window total, long polled, Map<String, Long> outcomes, List<PushStats> agents,
                       long elapsedNanos, long cpuNanos, Histogram steady, Histogram answers,
                       Histogram steadyAnswers) {
        double rate = perSecond(total.samples(), elapsedNanos);
        long refused = agents.stream().mapToLong(PushStats::rejected).sum();
        long expired = agents.stream().mapToLong(PushStats::expired).sum();
        long dropped = agents.stream().mapToLong(PushStats::overflowed).sum();
        long waiting = agents.stream().mapToLong(PushStats::waiting).sum();
        long notDelivered = refused + expired + dropped + waiting;
        out.println("done: " + oneDecimal(elapsedNanos / 1e9) + " s");
        out.println("port-samples/s: " + oneDecimal(rate) + " (" + total.samples() + " delivered of " + polled
                + " polled; offered " + oneDecimal(settings.offeredSamplesPerSecond()) + ")");
        out.println("batches ok: " + total.ok() + byStatus(outcomes, true));
        out.println("batches failed: " + total.failed() + byStatus(outcomes, false));
        out.println("latency ms: " + latencies(total.latencyMicros()));
        if (!settings.steadyAfter().isZero()) {
            out.println("latency ms after the first " + human(settings.steadyAfter()) + ": " + latencies(steady));
        }
        out.println("answer ms: " + answers(answers));
        if (!settings.steadyAfter().isZero()) {
            out.println("answer ms after the first " + human(settings.steadyAfter()) + ": " + answers(steadyAnswers));
        }
        out.println("not delivered: " + notDelivered + " batches (" + refused + " refused, " + expired + " expired, "
                + dropped + " dropped on a full buffer, " + waiting + " waiting at the end)");
        if (cpuNanos >= 0) {
            out.println("loadgen cpu: " + oneDecimal(cpuNanos / 1e9) + " s, "
                    + oneDecimal(100.0 * cpuNanos / elapsedNanos) + "% of one core");
        }
        out.flush();
        return new LoadResult(total.samples(), rate, total.ok(), notDelivered, total.percentileMillis(50),
                total.percentileMillis(99));
    }

    /** " (202: 900)" for the 2xx outcomes, or " (503: 3, no answer: 1)" for the others; empty when none. */
    private static String byStatus(Map<String, Long> outcomes, boolean ok) {
        String listed = outcomes.entrySet().stream()
                .filter(e -> e.getKey().startsWith("2") == ok)
                .map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", "));
        return listed.isEmpty() ? "" : " (" + listed + ")";
    }

    private static double perSecond(long count, long nanos) {
        return nanos <= 0 ? 0 : count * 1e9 / nanos;
    }

    static String oneDecimal(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }

    /** Acknowledged pushes' latencies as the summary writes them: p50, p99, max and how many. */
    private static String latencies(Histogram micros) {
        return percentiles(micros, "acknowledged pushes", "no acknowledged push");
    }

    /** How long answered pushes waited, acknowledged or refused: p50, p99, max and how many. */
    private static String answers(Histogram micros) {
        return percentiles(micros, "pushes answered, acknowledged or refused", "no push answered");
    }

    private static String percentiles(Histogram micros, String counted, String none) {
        if (micros.getTotalCount() == 0) {
            return "none (" + none + ")";
        }
        return "p50 " + oneDecimal(LoadStats.percentileMillis(micros, 50)) + " p99 "
                + oneDecimal(LoadStats.percentileMillis(micros, 99)) + " max "
                + oneDecimal(LoadStats.maxMillis(micros)) + " (" + micros.getTotalCount() + " " + counted + ")";
    }

    /** {@code 10s}, {@code 1m30s}, {@code 1h}, {@code 500ms}: as the options are written. */
    static String human(Duration duration) {
        if (duration.toMillisPart() != 0 || duration.isZero()) {
            return duration.toMillis() + "ms";
        }
        StringBuilder text = new StringBuilder();
        if (duration.toHours() > 0) {
            text.append(duration.toHours()).append('h');
        }
        if (duration.toMinutesPart() > 0) {
            text.append(duration.toMinutesPart()).append('m');
        }
        if (duration.toSecondsPart() > 0) {
            text.append(duration.toSecondsPart()).append('s');
        }
        return text.toString();
    }
}
