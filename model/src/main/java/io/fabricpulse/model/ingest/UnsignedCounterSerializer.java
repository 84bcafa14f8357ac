package io.fabricpulse.model.ingest;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

import java.math.BigInteger;

/**
 * Writes a counter value as the unsigned integer it is: 64-bit extended counters above
 * {@link Long#MAX_VALUE} are negative Java longs but must never show up negative in JSON. Used on the
 * wire (agent to server) and in the server's API.
 */
public final class UnsignedCounterSerializer extends ValueSerializer<Long> {

    @Override
    public void serialize(Long value, JsonGenerator gen, SerializationContext ctxt) {
        write(value, gen);
    }

    /** Writes {@code value} read as an unsigned 64-bit integer. */
    static void write(long value, JsonGenerator gen) {
        if (value >= 0) {
            gen.writeNumber(value);
        } else {
            gen.writeNumber(new BigInteger(Long.toUnsignedString(value)));
        }
    }
}
