package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;

/**
 * One error counter of a port as the table shows it: its value since the last clear and its rate.
 *
 * @param count     the counter value, or "≥ max" when it is latched at its maximum
 * @param rate      events per second ({@link DisplayFormat#rate})
 * @param saturated whether the counter is latched at its maximum
 * @param rising    whether its rate is above zero: the counter moved in the latest interval
 * @param note      why the count reads "≥ max" (for a title attribute), null when it is not saturated
 */
public record CounterCell(String count, String rate, boolean saturated, boolean rising, String note) {

    static CounterCell of(PortView port, PortCounter counter, DisplayFormat format) {
        String name = counter.ibaName();
        Double rate = port.rates().get(name);
        boolean rising = rate != null && rate > 0;
        if (port.saturated().containsKey(name)) {
            // Error counters have the same width with or without extended counters.
            long max = counter.max(false);
            String note = name + " is latched at its " + counter.bits(false) + "-bit maximum " + max
                    + " (seen latched since " + format.isoTime(port.saturated().get(name)) + "): at least " + max
                    + " since the last clear. Its rate is unknown until the counter is cleared.";
            return new CounterCell("≥ " + max, format.rate(rate), true, rising, note);
        }
        Long value = port.counters().get(name);
        return new CounterCell(value == null ? DisplayFormat.MISSING : Long.toString(value),
                format.rate(rate), false, rising, null);
    }
}
