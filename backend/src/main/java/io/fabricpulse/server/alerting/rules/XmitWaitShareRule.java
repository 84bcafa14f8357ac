package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;

import java.time.Duration;
import java.util.Locale;

/**
 * Congestion: the port had data to send but no credit (PortXmitWait) for too much of the time. Where the
 * device's tick is known (docs/FABRIC.md, "XmitWait ticks"), the share of the time over 'window' stalled is
 * held to 'threshold' (0..1); where it is not, no share is claimed and the ticks per second over 'window' are
 * held to 'longThreshold' instead. Switch ports and host ports alike, Ethernet (RoCE) ports too.
 */
public final class XmitWaitShareRule implements PortRule {

    public static final String NAME = "xmit-wait";
    private static final String STALLED = NAME + ":stalled-us";
    private static final String TICKS = NAME + ":ticks";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Share of 'window' the port was stalled with data to send (PortXmitWait x the device's tick) at least "
                + "'threshold' (0..1); where the tick is unknown, PortXmitWait ticks/s over 'window' at least 'longThreshold'";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.WARNING, 0.10, Duration.ofMinutes(1), 1_000_000.0, null,
                Duration.ofMinutes(5), null);
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        long ticks = sample.increment(PortCounter.PortXmitWait);
        long millis = sample.sincePrevious();
        Double share = sample.view().derived() == null ? null : sample.view().derived().xmitWaitShare();
        Duration window = settings.window();
        if (share != null) {
            long stalledMicros = Math.round(share * millis * 1000);
            IncrementWindow stalled = sample.ratioWindow(STALLED, stalledMicros, millis, stalledMicros > 0, window);
            if (stalled == null || stalled.sum() <= 0 || stalled.wholeSum() <= 0) {
                return null;
            }
            double part = stalled.sum() / (stalled.wholeSum() * 1000.0);
            if (part < settings.threshold()) {
                return null;
            }
            return new Finding(PortCounter.PortXmitWait.ibaName(), part, settings.threshold(), "share",
                    String.format(Locale.ROOT, "stalled with data to send %.1f%% of the last %s (PortXmitWait), limit %.0f%%",
                            part * 100, Durations.text(window), settings.threshold() * 100));
        }
        IncrementWindow waited = sample.ratioWindow(TICKS, ticks, millis, ticks > 0, window);
        if (waited == null || waited.sum() <= 0 || waited.wholeSum() <= 0) {
            return null;
        }
        double perSecond = waited.sum() * 1000.0 / waited.wholeSum();
        if (perSecond < settings.longThreshold()) {
            return null;
        }
        return new Finding(PortCounter.PortXmitWait.ibaName(), perSecond, settings.longThreshold(), "ticks/s",
                String.format(Locale.ROOT, "PortXmitWait %.0f ticks/s over the last %s, limit %.0f ticks/s (this "
                        + "device's tick is not known, so no share of time is claimed)", perSecond,
                        Durations.text(window), settings.longThreshold()));
    }
}
