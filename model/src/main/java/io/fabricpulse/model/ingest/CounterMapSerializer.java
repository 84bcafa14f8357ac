package io.fabricpulse.model.ingest;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Writes a port's counters as one JSON object of unsigned integers ({@link UnsignedCounterSerializer}), in the
 * map's order. Every agent writes ~45 counters per port on every poll, so the IBA names are encoded to quoted
 * UTF-8 once, here, instead of for each port; a name that is not a {@link PortCounter} is written as given.
 * The output is what Jackson's map serializer writes for the same map with the value serializer per entry.
 */
public final class CounterMapSerializer extends ValueSerializer<Map<String, Long>> {

    /** Each counter's name, quoted and UTF-8 encoded, by {@link PortCounter#ordinal()}. */
    private static final List<SerializableString> ENCODED_NAMES = Arrays.stream(PortCounter.values())
            .<SerializableString>map(counter -> new SerializedString(counter.ibaName()))
            .toList();

    @Override
    public void serialize(Map<String, Long> counters, JsonGenerator gen, SerializationContext ctxt) {
        gen.writeStartObject(counters, counters.size());
        for (Map.Entry<String, Long> counter : counters.entrySet()) {
            PortCounter known = PortCounter.ofIbaName(counter.getKey());
            if (known != null) {
                gen.writeName(ENCODED_NAMES.get(known.ordinal()));
            } else {
                gen.writeName(counter.getKey());
            }
            Long value = counter.getValue();
            if (value == null) {
                gen.writeNull();
            } else {
                UnsignedCounterSerializer.write(value, gen);
            }
        }
        gen.writeEndObject();
    }
}
