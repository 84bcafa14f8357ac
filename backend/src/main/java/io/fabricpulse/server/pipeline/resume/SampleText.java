package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.PortCounter;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * The text form of a sample's saturation times ({@code "PortXmitWait=2026-03-01T12:00:00Z"}) in
 * {@code port_last_sample.saturated}: one column instead of one per counter, so a counter added to
 * {@link PortCounter} needs no migration. Only IBA counter names are written. Usually empty (the
 * counters themselves are bytes, {@link SampleBytes}).
 */
final class SampleText {

    private SampleText() {
    }

    static String saturated(Map<String, Instant> saturatedSince) {
        return join(saturatedSince, Instant::toString);
    }

    static Map<String, Instant> parseSaturated(String text) {
        return parse(text, Instant::parse);
    }

    private static <T> String join(Map<String, T> values, Function<T, String> format) {
        StringJoiner text = new StringJoiner(" ");
        for (PortCounter counter : PortCounter.values()) {
            T value = values.get(counter.ibaName());
            if (value != null) {
                text.add(counter.ibaName() + "=" + format.apply(value));
            }
        }
        return text.toString();
    }

    private static <T> Map<String, T> parse(String text, Function<String, T> value) {
        Map<String, T> values = new LinkedHashMap<>();
        if (text.isEmpty()) {
            return values;
        }
        for (String pair : text.split(" ")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            if (equals < 0 || PortCounter.ofIbaName(name) == null) {
                throw new IllegalStateException("port_last_sample holds '" + pair + "', not IbaName=value");
            }
            try {
                values.put(name, value.apply(pair.substring(equals + 1)));
            } catch (DateTimeParseException e) {
                throw new IllegalStateException("port_last_sample holds an unreadable value in '" + pair + "'", e);
            }
        }
        return values;
    }
}
