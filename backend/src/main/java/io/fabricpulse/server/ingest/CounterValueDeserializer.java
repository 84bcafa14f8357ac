package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.PortCounter;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.exc.MismatchedInputException;

import java.math.BigInteger;

/**
 * Reads one counter value of the wire format: a non-negative JSON integer up to 2^64-1. Values above
 * {@link Long#MAX_VALUE} (only 64-bit extended counters reach them) become the negative long with the
 * same bits, which is how the server holds unsigned 64-bit counters. Anything else - negative
 * numbers, fractions, strings, numbers beyond 64 bits - is refused here, with the counter's name in
 * the path, because after the conversion to long it could no longer be told apart.
 */
final class CounterValueDeserializer extends ValueDeserializer<Long> {

    private static final BigInteger MAX_UNSIGNED_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    @Override
    public Long deserialize(JsonParser p, DeserializationContext ctxt) {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw MismatchedInputException.from(p, Long.class,
                    "must be a non-negative whole number, got " + describe(p.currentToken()));
        }
        if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            long value = p.getLongValue();
            if (value < 0) {
                throw MismatchedInputException.from(p, Long.class, CounterChecks.negative(Long.toString(value)));
            }
            return value;
        }
        BigInteger value = p.getBigIntegerValue();
        if (value.signum() < 0) {
            throw MismatchedInputException.from(p, Long.class, CounterChecks.negative(value.toString()));
        }
        if (value.compareTo(MAX_UNSIGNED_64) > 0) {
            throw MismatchedInputException.from(p, Long.class,
                    "value " + value + " exceeds the 64-bit maximum " + MAX_UNSIGNED_64);
        }
        // Any counter may be 64-bit (PortCountersExtended's additional fields): whether this one is, the port's
        // flags say, which may come after its counters; CounterChecks holds each value to its width then.
        return value.longValue();
    }

    private static String describe(JsonToken token) {
        if (token == null) { // Smile's end-of-content byte where a value belongs
            return "the end of the content";
        }
        return switch (token) {
            case VALUE_NUMBER_FLOAT -> "a fraction";
            case VALUE_STRING -> "a string";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case START_OBJECT -> "an object";
            case START_ARRAY -> "a list";
            default -> String.valueOf(token);
        };
    }
}
