package io.fabricpulse.server.web.node;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One counter of a port on the port page.
 *
 * @param name           IBA name, as perfquery prints it
 * @param kind           error, data, packets or wait
 * @param value          value since the last clear (unsigned), "≥ max" when latched, a dash when not reported
 * @param rate           per second in the counter's unit (events/s; bytes/s for data; packets/s; ticks/s),
 *                       a dash when there is no valid rate
 * @param rising         an error counter whose rate is above zero
 * @param saturatedSince when the counter was first seen latched at its maximum (date and time in the UI's zone, whole:
 *                       a time is never cut), null when it is not
 * @param saturatedSinceIso the same as an ISO-8601 instant, null when it is not latched
 */
public record CounterLine(String name, String kind, String value, String rate, boolean rising, String saturatedSince,
                          String saturatedSinceIso) {

    public static List<CounterLine> of(PortView port, DisplayFormat format) {
        List<CounterLine> lines = new ArrayList<>();
        for (PortCounter counter : PortCounter.values()) {
            String name = counter.ibaName();
            Long value = port.counters().get(name);
            Instant latched = port.saturated().get(name);
            if (value == null && latched == null) {
                continue;
            }
            Double rate = port.rates().get(name);
            String text = latched != null ? "≥ " + DisplayFormat.count(value == null ? counter.max(false) : value)
                    : DisplayFormat.count(value);
            boolean rising = counter.kind() == PortCounter.Kind.ERROR && rate != null && rate > 0;
            lines.add(new CounterLine(name, counter.kind().name().toLowerCase(Locale.ROOT), text,
                    rate(counter, rate, format), rising,
                    latched == null ? null : format.dateTime(latched), format.isoTime(latched)));
        }
        return lines;
    }

    private static String rate(PortCounter counter, Double rate, DisplayFormat format) {
        return switch (counter.kind()) {
            // Data counters count 4-byte words; people read bytes.
            case DATA -> format.bytesPerSecond(rate == null ? null : rate * 4);
            case ERROR -> suffix(format.rate(rate), "/s");
            case PACKETS -> suffix(format.rate(rate), " pkt/s");
            case WAIT -> suffix(format.rate(rate), " ticks/s");
        };
    }

    private static String suffix(String value, String unit) {
        return DisplayFormat.MISSING.equals(value) ? value : value + unit;
    }
}
