package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.CounterWidth;
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

    /** Checks the counters at {@code path + field}, that path built only for a violation. */
    static void check(String path, String field, Map<String, Long> counters, CounterWidth extended, Violations v) {
        if (counters == null) {
            v.add(path + field, "missing; an object of counter values by IBA name (may be empty)");
            return;
        }
        if (counters instanceof CounterMap<Long> compact && !compact.holdsDoubles()) {
            // What the wire reader makes of a clean counters object: IBA names only, no nulls.
            for (PortCounter counter : COUNTERS) {
                if (compact.has(counter)) {
                    checkWidth(path, field, counter, compact.longAt(counter), extended, v);
                }
            }
            return;
        }
        counters.forEach((name, value) -> check(path, field, name, value, extended, v));
    }

    /** The counter's path is built only for a violation: a valid batch has tens of thousands of counters. */
    private static void check(String path, String field, String name, Long value, CounterWidth extended, Violations v) {
        PortCounter counter = PortCounter.ofIbaName(name);
        if (counter == null) {
            v.add(path + field + Violations.key(name), "unknown counter; the IBA names are " + KNOWN);
            return;
        }
        if (value == null) {
            v.add(path + field + Violations.key(name), "missing value; leave out a counter the source could not read");
            return;
        }
        checkWidth(path, field, counter, value, extended, v);
    }

    private static void checkWidth(String path, String field, PortCounter counter, long value, CounterWidth extended,
                                   Violations v) {
        String name = counter.ibaName();
        int bits = counter.bits(extended);
        if (bits == 64) {
            return; // every long is a valid unsigned 64-bit value
        }
        // A negative long is an unsigned value above Long.MAX_VALUE (how the records hold 64-bit values).
        if (Long.compareUnsigned(value, counter.max(extended)) > 0) {
            v.add(path + field + Violations.key(name), beyondWidth(Long.toUnsignedString(value), counter, extended));
        }
    }

    static String negative(String value) {
        return "negative value " + value + "; counters are unsigned";
    }

    static String beyondWidth(String value, PortCounter counter, CounterWidth extended) {
        String why;
        if (counter.bits(CounterWidth.EXTENDED_ALL) == counter.bits(extended)) {
            why = " (IBA counters latch at their maximum, they never exceed it)";
        } else if (counter.kind() == PortCounter.Kind.DATA || counter.kind() == PortCounter.Kind.PACKETS) {
            why = " (32-bit because extendedCounters is false; set it when sending PortCountersExtended values)";
        } else {
            why = " (IBA counters latch at their maximum, they never exceed it; 64-bit values of PortCountersExtended's"
                    + " additional fields need extendedErrorCounters: true)";
        }
        return "value " + value + " exceeds the " + counter.bits(extended) + "-bit maximum "
                + Long.toUnsignedString(counter.max(extended)) + why;
    }
}
