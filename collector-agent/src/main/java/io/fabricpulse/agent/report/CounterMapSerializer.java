package io.fabricpulse.agent.report;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes a port's counters as one JSON object of unsigned integers ({@link UnsignedCounterSerializer}), in the
 * map's order. Every agent writes ~45 counters per port on every poll, so the IBA names are encoded to quoted
 * UTF-8 once, here, instead of for each port; a name that is not a {@link PortCounter} is written as given.
 * The output is what Jackson's map serializer writes for the same map with the value serializer per entry.
 */
public final class CounterMapSerializer extends ValueSerializer<Map<String, Long>> {

    private static final Map<String, SerializableString> ENCODED_NAMES = Arrays.stream(PortCounter.values())
            .collect(Collectors.toUnmodifiableMap(PortCounter::ibaName, c -> new SerializedString(c.ibaName())));

    @Override
    public void serialize(Map<String, Long> counters, JsonGenerator gen, SerializationContext ctxt) {
        gen.writeStartObject(counters, counters.size());
        for (Map.Entry<String, Long> counter : counters.entrySet()) {
            SerializableString name = ENCODED_NAMES.get(counter.getKey());
            if (name != null) {
                gen.writeName(name);
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
