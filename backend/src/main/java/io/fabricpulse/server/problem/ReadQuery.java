package io.fabricpulse.server.problem;

import io.fabricpulse.model.ingest.Guids;
import org.springframework.util.MultiValueMap;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The query parameters of a read endpoint, checked all at once: unknown names, repeated names and
 * bad values are a 400 that lists each, never a 500 and never silently ignored.
 */
public final class ReadQuery {

    public static final int MAX_LIMIT = 100_000;

    private final MultiValueMap<String, String> params;
    private final List<InvalidField> errors = new ArrayList<>();

    public ReadQuery(MultiValueMap<String, String> params, Set<String> known) {
        this.params = params;
        for (Map.Entry<String, List<String>> param : params.entrySet()) {
            if (!known.contains(param.getKey())) {
                errors.add(new InvalidField(param.getKey(), "unknown query parameter; known: "
                        + String.join(", ", new TreeSet<>(known))));
            } else if (param.getValue().size() > 1) {
                errors.add(new InvalidField(param.getKey(), "given " + param.getValue().size() + " times; give it once"));
            }
        }
    }

    /** {@code limit}: how many items at most, 1..{@value #MAX_LIMIT}; null when not given. */
    public Integer limit() {
        return limit(MAX_LIMIT);
    }

    /** {@code limit}: how many items at most, 1..max; null when not given. */
    public Integer limit(int max) {
        return parse("limit", text -> {
            int limit = Integer.parseInt(text);
            if (limit < 1 || limit > max) {
                throw new IllegalArgumentException();
            }
            return limit;
        }, "must be a whole number from 1 to " + max);
    }

    /** An ISO-8601 instant such as {@code 2026-03-01T12:00:00Z}; null when not given. */
    public Instant instant(String name) {
        return parse(name, text -> {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(e);
            }
        }, "must be an ISO-8601 instant such as 2026-03-01T12:00:00Z");
    }

    /** An id: a whole number from 1; null when not given. */
    public Long id(String name) {
        return parse(name, text -> {
            long id = Long.parseLong(text);
            if (id < 1) {
                throw new IllegalArgumentException();
            }
            return id;
        }, "must be an id (a whole number from 1)");
    }

    /** Text as given, without surrounding blanks; null when not given or blank. */
    public String text(String name) {
        String text = params.getFirst(name);
        return text == null || text.isBlank() ? null : text.strip();
    }

    /** A node GUID in any spelling the IB tools use, returned canonical; null when not given. */
    public String guid(String name) {
        return parse(name, text -> Guids.format(Guids.parse(text)),
                "must be a node GUID such as 0x0002c903003178f0");
    }

    /** An enum constant, case-insensitive; null when not given. */
    public <E extends Enum<E>> E oneOf(String name, Class<E> type) {
        List<String> names = Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
        return parse(name, text -> Enum.valueOf(type, text.toUpperCase(Locale.ROOT)),
                "must be one of " + String.join(", ", names));
    }

    /**
     * A value read by {@code parser}; null when not given. The parser throws
     * {@link IllegalArgumentException} for a bad value: that becomes an error saying {@code expectation}.
     */
    public <T> T value(String name, Function<String, T> parser, String expectation) {
        return parse(name, parser, expectation);
    }

    /** Whether {@code name} was given. */
    public boolean has(String name) {
        return params.getFirst(name) != null;
    }

    /** Records a problem found outside the query string (a path segment) or across parameters. */
    public void invalid(String path, String reason) {
        errors.add(new InvalidField(path, reason));
    }

    /** {@code offset}: how many items to skip, 0..{@value #MAX_LIMIT} x 100; null when not given. */
    public Integer offset() {
        return parse("offset", text -> {
            int offset = Integer.parseInt(text);
            if (offset < 0 || offset > MAX_LIMIT * 100) {
                throw new IllegalArgumentException();
            }
            return offset;
        }, "must be a whole number from 0 to " + MAX_LIMIT * 100);
    }

    /** Text of 1 to {@code max} characters without control characters; null when not given. */
    public String text(String name, int max) {
        return parse(name, text -> {
            if (text.isEmpty() || text.length() > max || text.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException();
            }
            return text;
        }, "must be 1 to " + max + " characters without control characters");
    }

    /** One of {@code known} names (a cluster, a format), exactly as written; null when not given. */
    public String oneOf(String name, Set<String> known, String what) {
        return parse(name, text -> {
            if (!known.contains(text)) {
                throw new IllegalArgumentException();
            }
            return text;
        }, "must be a known " + what + " (" + (known.isEmpty() ? "none defined" : String.join(", ", new TreeSet<>(known)))
                + ")");
    }

    /** @throws ProblemException listing every bad parameter, if any */
    public void throwIfInvalid() {
        if (!errors.isEmpty()) {
            String detail = errors.size() == 1 ? errors.getFirst().toString()
                    : errors.size() + " invalid query parameters, the first: " + errors.getFirst();
            throw new ProblemException(ProblemType.INVALID_QUERY, detail, errors, Map.of());
        }
    }

    private <T> T parse(String name, Function<String, T> parser, String expectation) {
        String text = params.getFirst(name);
        if (text == null) {
            return null;
        }
        try {
            return parser.apply(text.strip());
        } catch (IllegalArgumentException e) {
            String shown = text.length() > 64 ? text.substring(0, 64) + "…" : text;
            errors.add(new InvalidField(name, expectation + ", got '" + shown + "'"));
            return null;
        }
    }
}
