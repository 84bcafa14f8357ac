package io.fabricpulse.server.ingest;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;

import java.util.Arrays;

/**
 * Refuses an object that names a property twice, as Jackson's {@code STRICT_DUPLICATE_DETECTION}
 * does, without its cost: Jackson keeps a new {@code HashSet} for every object of more than two
 * properties, which for an ingest batch is two sets per port (the port and its ~22 counters), a
 * tenth of the event loops' time and of the server's garbage at 20,000 port samples per second
 * (docs/PERFORMANCE.md). Here each nesting level reuses one open-addressed table that is cleared
 * when its object ends, so a batch allocates nothing for the check.
 *
 * <p>Every way the parser advances goes through {@link #nextToken()} or is followed here
 * ({@link #nextNameMatch}, {@link #skipChildren}); content skipped as a whole is not checked, and
 * it is never bound either.
 */
final class DuplicateNameCheck extends JsonParserDelegate {

    /** Room for 32 names (a port has 13 properties, its counters 22), at most half full. */
    private static final int SLOTS = 64;

    /** Per open object or array, innermost last; arrays have no names (null). */
    private String[][] levels = new String[8][];
    /** Per level, how many names its table holds. */
    private int[] counts = new int[levels.length];
    /** Reused tables, one per depth, so that sibling objects share one. */
    private String[][] tables = new String[8][];
    private int depth = -1;

    DuplicateNameCheck(JsonParser parser) {
        super(parser);
    }

    @Override
    public JsonToken nextToken() {
        return track(delegate.nextToken());
    }

    @Override
    public JsonToken nextValue() {
        JsonToken token = nextToken();
        return token == JsonToken.PROPERTY_NAME ? nextToken() : token;
    }

    @Override
    public String nextName() {
        return nextToken() == JsonToken.PROPERTY_NAME ? delegate.currentName() : null;
    }

    @Override
    public boolean nextName(SerializableString name) {
        String next = nextName();
        return next != null && next.equals(name.getValue());
    }

    @Override
    public int nextNameMatch(PropertyNameMatcher matcher) {
        int match = delegate.nextNameMatch(matcher);
        track(delegate.currentToken());
        return match;
    }

    @Override
    public JsonParser skipChildren() {
        JsonToken start = delegate.currentToken();
        delegate.skipChildren();
        if ((start == JsonToken.START_OBJECT || start == JsonToken.START_ARRAY) && depth >= 0) {
            closeLevel();
        }
        return this;
    }

    private JsonToken track(JsonToken token) {
        if (token == null) {
            return null;
        }
        switch (token) {
            case START_OBJECT -> open(true);
            case START_ARRAY -> open(false);
            case END_OBJECT, END_ARRAY -> closeLevel();
            case PROPERTY_NAME -> add(delegate.currentName());
            default -> {
                // values need no bookkeeping
            }
        }
        return token;
    }

    private void open(boolean object) {
        depth++;
        if (depth == levels.length) {
            levels = Arrays.copyOf(levels, depth * 2);
            tables = Arrays.copyOf(tables, depth * 2);
            counts = Arrays.copyOf(counts, depth * 2);
        }
        if (object && tables[depth] == null) {
            tables[depth] = new String[SLOTS];
        }
        levels[depth] = object ? tables[depth] : null;
        counts[depth] = 0;
    }

    private void closeLevel() {
        if (depth < 0) {
            return;
        }
        String[] names = levels[depth];
        if (names != null && names.length > SLOTS) {
            tables[depth] = null; // grown for a large object: not worth clearing for every sibling after it
        } else if (names != null && counts[depth] > 0) {
            Arrays.fill(names, null);
        }
        depth--;
    }

    private void add(String name) {
        if (depth < 0 || levels[depth] == null) {
            return;
        }
        String[] names = levels[depth];
        if ((counts[depth] + 1) * 2 > names.length) {
            names = rehash(names, names.length * 2);
            levels[depth] = names;
            tables[depth] = names;
        }
        int mask = names.length - 1;
        for (int slot = name.hashCode() & mask; ; slot = (slot + 1) & mask) {
            String present = names[slot];
            if (present == null) {
                names[slot] = name;
                counts[depth]++;
                return;
            }
            if (present.equals(name)) {
                throw new StreamReadException(delegate, "Duplicate Object property \"" + name + "\"");
            }
        }
    }

    private static String[] rehash(String[] names, int slots) {
        String[] larger = new String[slots];
        int mask = slots - 1;
        for (String name : names) {
            if (name != null) {
                int slot = name.hashCode() & mask;
                while (larger[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                larger[slot] = name;
            }
        }
        return larger;
    }
}
