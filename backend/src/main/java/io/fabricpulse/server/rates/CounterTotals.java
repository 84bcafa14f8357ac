package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

/**
 * A port's counters as the rate engine has accepted them, for exporters that hand counters to
 * tools computing their own rates (Prometheus' {@code rate()}): each total starts at the first value
 * seen (on this server, since its start or since the stored sample it resumed from) and grows by
 * exactly the increases that became rates. A clear or reset, an interval latched at the counter's
 * maximum and a switch between 32- and 64-bit counters add nothing, so a total never goes down and
 * never jumps by a clear's or a saturation's unknown amount. Totals are unsigned 64-bit values.
 */
public interface CounterTotals {

    /** Whether any sample of this port carried the counter. */
    boolean has(PortCounter counter);

    /** The counter's total (unsigned: above {@link Long#MAX_VALUE} it reads negative); 0 when never seen. */
    long total(PortCounter counter);

    /** The total as a double, the unit of the counter (data counters: 4-byte words). */
    default double totalAsDouble(PortCounter counter) {
        return CounterRates.unsignedAsDouble(total(counter));
    }
}
