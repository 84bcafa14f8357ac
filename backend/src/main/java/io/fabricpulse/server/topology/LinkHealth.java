package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.PortView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A cable's health from the counters of both its ends: an error at either end is the cable's (a bad
 * cable shows symbol errors on the receiving side only, so one end is not enough).
 *
 * @param status          worst first: {@code DOWN} (an end not Active), {@code ERRORS} (an error
 *                        counter rose within the last minute or is latched at either end), {@code DEGRADED}
 *                        (below the rate both ends support), {@code OK}, or {@code UNKNOWN} (no counters from
 *                        either end)
 * @param errorsPerSecond per end the larger of its error counters' rates over the latest interval and over the last
 *                        minute, summed over both ends. The minute keeps a marginal cable red: at one poll a second,
 *                        a cable with an error every few seconds has no new error in most intervals, and its alert
 *                        (judged over windows) would fire while the map showed it green
 * @param saturated       error counters latched at their maximum, as {@code <guid>[<port>]:<counter>}
 * @param utilisation     load: the busiest direction seen at either end as a share of the link's data rate
 *                        (0..1, from the ends' latest interval), null when neither end has a data rate yet. One
 *                        direction, not the sum: a link is full when one direction is, and both ends see the
 *                        same traffic, so the larger reading is the one that is not missing a sample
 */
public record LinkHealth(Status status, double errorsPerSecond, List<String> saturated, Double utilisation) {

    public enum Status { DOWN, ERRORS, DEGRADED, OK, UNKNOWN }

    private static final Set<String> ERROR_COUNTERS = Arrays.stream(PortCounter.values())
            .filter(c -> c.kind() == PortCounter.Kind.ERROR).map(PortCounter::ibaName)
            .collect(Collectors.toUnmodifiableSet());

    /** Errors per second at one port over the last minute, summed over its error counters; 0 when none or unknown. */
    @FunctionalInterface
    public interface RecentErrors {
        RecentErrors NONE = port -> 0;

        double perSecond(PortView port);
    }

    /**
     * @param a      the live view of one end, null when no agent reports it; likewise {@code b}
     * @param recent each end's errors over the last minute
     */
    static LinkHealth of(PortView a, PortView b, boolean degraded, RecentErrors recent) {
        double errors = 0;
        Set<String> latched = new TreeSet<>();
        Double utilisation = null;
        boolean down = false;
        List<PortView> ends = new ArrayList<>();
        if (a != null) {
            ends.add(a);
        }
        if (b != null) {
            ends.add(b);
        }
        for (PortView end : ends) {
            down |= end.state() != PortState.ACTIVE;
            double latest = 0;
            for (var rate : end.rates().entrySet()) {
                if (ERROR_COUNTERS.contains(rate.getKey())) {
                    latest += rate.getValue();
                }
            }
            errors += Math.max(latest, recent.perSecond(end));
            end.saturated().keySet().stream().filter(ERROR_COUNTERS::contains)
                    .forEach(counter -> latched.add(end.nodeGuid() + "[" + end.portNumber() + "]:" + counter));
            if (end.derived() != null) {
                utilisation = busier(busier(utilisation, end.derived().xmitUtilisation()), end.derived().rcvUtilisation());
            }
        }
        Status status;
        if (ends.isEmpty()) {
            status = degraded ? Status.DEGRADED : Status.UNKNOWN;
        } else if (down) {
            status = Status.DOWN;
        } else if (errors > 0 || !latched.isEmpty()) {
            status = Status.ERRORS;
        } else {
            status = degraded ? Status.DEGRADED : Status.OK;
        }
        return new LinkHealth(status, errors, List.copyOf(latched), utilisation);
    }

    private static Double busier(Double known, Double next) {
        if (next == null || next.isNaN()) {
            return known;
        }
        return known == null ? next : Math.max(known, next);
    }
}
