package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.rates.CounterMap;

import java.util.Arrays;
import java.util.Map;

/** The counter rules: IBA names only, unsigned values, never beyond the counter's width. */
final class CounterChecks {

    private static final PortCounter[] COUNTERS = PortCounter.values();
    private static final String KNOWN = String.join(", ",
            Arrays.stream(PortCounter.values()).map(PortCounter::ibaName).toList());

    private CounterChecks() {
    }

    static void check(String path, Map<String, Long> counters, boolean extended, Violations v) {
        if (counters == null) {
            v.add(path, "missing; an object of counter values by IBA name (may be empty)");
            return;
        }
        if (counters instanceof CounterMap<Long> compact && !compact.holdsDoubles()) {
            // What the wire reader makes of a clean counters object: IBA names only, no nulls.
            for (PortCounter counter : COUNTERS) {
                if (compact.has(counter)) {
                    checkWidth(path, counter, compact.longAt(counter), extended, v);
                }
            }
            return;
        }
        counters.forEach((name, value) -> check(path, name, value, extended, v));
    }

    /** The counter's path is built only for a violation: a valid batch has tens of thousands of counters. */
    private static void check(String countersPath, String name, Long value, boolean extended, Violations v) {
        PortCounter counter = PortCounter.ofIbaName(name);
        if (counter == null) {
            v.add(countersPath + Violations.key(name), "unknown counter; the IBA names are " + KNOWN);
            return;
        }
        if (value == null) {
            v.add(countersPath + Violations.key(name), "missing value; leave out a counter the source could not read");
            return;
        }
        checkWidth(countersPath, counter, value, extended, v);
    }

    private static void checkWidth(String countersPath, PortCounter counter, long value, boolean extended, Violations v) {
        String name = counter.ibaName();
        int bits = counter.bits(extended);
        if (bits == 64) {
            return; // every long is a valid unsigned 64-bit value
        }
        // A negative long is an unsigned value above Long.MAX_VALUE for counters that can be 64-bit
        // (how the records hold them), and simply negative for the others.
        if (value < 0 && counter.bits(true) < 64) {
            v.add(countersPath + Violations.key(name), negative(Long.toString(value)));
        } else if (Long.compareUnsigned(value, counter.max(extended)) > 0) {
            v.add(countersPath + Violations.key(name), beyondWidth(Long.toUnsignedString(value), counter, extended));
        }
    }

    static String negative(String value) {
        return "negative value " + value + "; counters are unsigned";
    }

    static String beyondWidth(String value, PortCounter counter, boolean extended) {
        String why = counter.bits(true) != counter.bits(extended)
                ? " (32-bit because extendedCounters is false; set it when sending PortCountersExtended values)"
                : " (IBA counters latch at their maximum, they never exceed it)";
        return "value " + value + " exceeds the " + counter.bits(extended) + "-bit maximum "
                + Long.toUnsignedString(counter.max(extended)) + why;
    }
}
