package io.fabricpulse.server.fabric;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

import java.math.BigInteger;

/**
 * Writes a counter value as the unsigned integer it is: 64-bit extended counters above
 * {@link Long#MAX_VALUE} are negative Java longs but must never show up negative in JSON.
 */
final class UnsignedCounterSerializer extends ValueSerializer<Long> {

    @Override
    public void serialize(Long value, JsonGenerator gen, SerializationContext ctxt) {
        if (value >= 0) {
            gen.writeNumber(value);
        } else {
            gen.writeNumber(new BigInteger(Long.toUnsignedString(value)));
        }
    }
}
