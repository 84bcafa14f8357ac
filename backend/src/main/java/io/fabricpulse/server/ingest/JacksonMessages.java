package io.fabricpulse.server.ingest;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Turns Jackson's exceptions into the paths and reasons of the ingest schema, in its own words. */
final class JacksonMessages {

    private static final int MAX_REASON_LENGTH = 300;
    /**
     * {@code `io.fabricpulse.model.ingest.NodeType`} and the like: people need only the simple name. Only
     * where a name starts: {@code JsonToken.START_OBJECT} is not a package {@code oken} and a class.
     */
    private static final Pattern QUALIFIED_NAME =
            Pattern.compile("`?(?<![\\w$.])(?:[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_$]*)`?");

    private JacksonMessages() {
    }

    /** The JSON path of the value Jackson stopped at, e.g. {@code nodes[3].ports[0].counters.SymbolErrorCounter}. */
    static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference step : e.getPath()) {
            if (step.getPropertyName() != null) {
                String key = Violations.key(step.getPropertyName());
                path.append(path.isEmpty() && key.startsWith(".") ? key.substring(1) : key);
            } else if (step.getIndex() >= 0) {
                path.append('[').append(step.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** Why the value was refused, in terms of the schema rather than of Java types. */
    static String reason(JacksonException e) {
        String reason = switch (e) {
            case UnrecognizedPropertyException u -> "unknown field; the fields here are " + known(u.getKnownPropertyIds());
            case InvalidFormatException f when f.getTargetType() != null && f.getTargetType().isEnum() ->
                    "unknown value " + shown(f.getValue()) + "; one of " + constants(f.getTargetType());
            case InvalidFormatException f when f.getTargetType() == Instant.class ->
                    "not an ISO-8601 instant such as 2026-03-01T12:00:00Z: " + shown(f.getValue());
            case MismatchedInputException m when m.getTargetType() != null && m.getTargetType().isPrimitive()
                    && m.getOriginalMessage().startsWith("Cannot map `null`") ->
                    "missing or null; " + expected(m.getTargetType()) + " is required";
            case MismatchedInputException m when m.getOriginalMessage().startsWith("Cannot coerce")
                    || m.getOriginalMessage().startsWith("Cannot deserialize value of type") && m.getTargetType() != null ->
                    "expected " + expected(m.getTargetType()) + " here";
            default -> QUALIFIED_NAME.matcher(e.getOriginalMessage()).replaceAll("$1").replace("`", "");
        };
        return reason.length() <= MAX_REASON_LENGTH ? reason : reason.substring(0, MAX_REASON_LENGTH) + "…";
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another kind of value";
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "a whole number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Instant.class) {
            return "an ISO-8601 instant such as 2026-03-01T12:00:00Z";
        }
        if (type.isEnum()) {
            return "one of " + constants(type);
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "an object";
    }

    private static String constants(Class<?> enumType) {
        return Arrays.stream(enumType.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
    }

    private static String known(Collection<Object> names) {
        return names == null ? "none" : names.stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
    }

    private static String shown(Object value) {
        return BatchValidator.quoted(String.valueOf(value));
    }
}
