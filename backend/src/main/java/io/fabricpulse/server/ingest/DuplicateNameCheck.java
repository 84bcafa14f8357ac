package io.fabricpulse.server.ingest;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Refuses an object that names a property twice, as Jackson's {@code STRICT_DUPLICATE_DETECTION}
 * does, without its cost: Jackson keeps a new {@code HashSet} for every object of more than two
 * properties, which for an ingest batch is two sets per port (the port and its 21 counters), a
 * tenth of the event loops' time and of the server's garbage at 20,000 port samples per second
 * (docs/PERFORMANCE.md). Here each nesting level reuses one open-addressed table that is cleared
 * when its object ends, so the check allocates nothing per object. An object with more names than a
 * table holds (never one of the schema's: only hostile input) moves to a {@code HashSet}, whose
 * buckets turn into trees, so that names built to share one hash cost n log n, not n squared.
 *
 * <p>Every way the parser advances goes through {@link #nextToken()} or is followed here
 * ({@link #nextNameMatch}, {@link #skipChildren}); content skipped as a whole is not checked, and
 * it is never bound either. {@code readValueAs} would read from the wrapped parser unchecked; the
 * ingest path does not call it.
 */
final class DuplicateNameCheck extends JsonParserDelegate {

    /** Room for 32 names (a port has 13 properties, its counters 21), at most half full. */
    private static final int SLOTS = 64;
    private static final int MAX_IN_TABLE = SLOTS / 2;

    /** Per open object or array, innermost last; arrays have no names (null). */
    private String[][] levels = new String[8][];
    /** Per level, how many names its table holds. */
    private int[] counts = new int[levels.length];
    /** Reused tables, one per depth, so that sibling objects share one. */
    private String[][] tables = new String[8][];
    /** Per level, the names of an object too large for its table; null while it fits. */
    private Set<String>[] large = newSets(8);
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
            large = Arrays.copyOf(large, depth * 2);
        }
        if (object && tables[depth] == null) {
            tables[depth] = new String[SLOTS];
        }
        levels[depth] = object ? tables[depth] : null;
        counts[depth] = 0;
        large[depth] = null;
    }

    @SuppressWarnings("unchecked")
    private static Set<String>[] newSets(int length) {
        return (Set<String>[]) new Set<?>[length];
    }

    private void closeLevel() {
        if (depth < 0) {
            return;
        }
        String[] names = levels[depth];
        if (names != null && counts[depth] > 0) {
            Arrays.fill(names, null);
        }
        large[depth] = null;
        depth--;
    }

    private void add(String name) {
        if (depth < 0 || levels[depth] == null) {
            return;
        }
        if (large[depth] != null) {
            if (!large[depth].add(name)) {
                throw duplicate(name);
            }
            return;
        }
        String[] names = levels[depth];
        if (counts[depth] == MAX_IN_TABLE) {
            large[depth] = new HashSet<>();
            for (String known : names) {
                if (known != null) {
                    large[depth].add(known);
                }
            }
            add(name);
            return;
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
                throw duplicate(name);
            }
        }
    }

    private StreamReadException duplicate(String name) {
        return new StreamReadException(delegate, "Duplicate Object property \"" + name + "\"");
    }
}
