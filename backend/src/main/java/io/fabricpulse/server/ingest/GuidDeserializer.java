package io.fabricpulse.server.ingest;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a GUID as the one {@link String} the JVM keeps for its text ({@link String#intern()}, a table that lets go
 * of what nothing uses any more). The server keeps a node's GUID in a dozen per-port structures (views, keys of
 * rates, rules, series, cables), each built from the batch that first or last named it: a copy per batch was
 * ~250 bytes of every tracked port (docs/PERFORMANCE.md). Anything but a string is refused as for any text field.
 */
final class GuidDeserializer extends ValueDeserializer<String> {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            return (String) context.handleUnexpectedToken(String.class, parser);
        }
        return parser.getString().intern();
    }
}
