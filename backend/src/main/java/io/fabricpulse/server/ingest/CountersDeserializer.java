package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.rates.CounterMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a port's {@code counters} object straight into a {@link CounterMap}: one array per port
 * instead of a hash map of boxed values, which matters because parsed batches wait in the pipeline's
 * queue, and every byte they hold there is copied by the garbage collector (docs/PERFORMANCE.md).
 * A plain non-negative number is taken as it is; anything else is read by
 * {@link CounterValueDeserializer}, which refuses it with the counter's name in the path. A name
 * that is not an IBA counter, or a null value, is kept as it came (the counters then go into an
 * ordinary map), so that the validation names it precisely. Duplicate names are refused by the
 * reader's {@link DuplicateNameCheck} before they get here, and here too should one slip through.
 */
final class CountersDeserializer extends ValueDeserializer<Map<String, Long>> {

    private final CounterValueDeserializer values = new CounterValueDeserializer();

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Long> deserialize(JsonParser p, DeserializationContext ctxt) {
        String name;
        if (p.isExpectedStartObjectToken()) {
            name = p.nextName();
        } else if (p.hasToken(JsonToken.PROPERTY_NAME)) {
            name = p.currentName();
        } else if (p.hasToken(JsonToken.END_OBJECT)) {
            name = null;
        } else {
            return (Map<String, Long>) ctxt.handleUnexpectedToken(Map.class, p);
        }
        CounterMap.Builder compact = new CounterMap.Builder();
        Map<String, Long> asSent = null;
        for (; name != null; name = p.nextName()) {
            JsonToken token = p.nextToken();
            PortCounter counter = PortCounter.ofIbaName(name);
            if (asSent == null && counter != null && token == JsonToken.VALUE_NUMBER_INT
                    && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER && p.getLongValue() >= 0) {
                put(compact, counter, p.getLongValue(), p); // the common case, without a box per counter
                continue;
            }
            Long value = token == JsonToken.VALUE_NULL ? null : valueOf(name, p, ctxt);
            if (asSent == null && counter != null && value != null) {
                put(compact, counter, value, p);
                continue;
            }
            if (asSent == null) {
                asSent = new LinkedHashMap<>(compact.build());
            }
            asSent.put(name, value);
        }
        return asSent == null ? compact.build() : asSent;
    }

    private static void put(CounterMap.Builder compact, PortCounter counter, long value, JsonParser p) {
        if (!compact.put(counter, value)) {
            throw new StreamReadException(p, "Duplicate Object property \"" + counter.ibaName() + "\"");
        }
    }

    private Long valueOf(String name, JsonParser p, DeserializationContext ctxt) {
        try {
            return values.deserialize(p, ctxt);
        } catch (JacksonException e) {
            throw DatabindException.wrapWithPath(ctxt, e, new JacksonException.Reference(Map.class, name));
        }
    }
}
