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

    /** Per nesting depth, reused by every object or array opened at that depth. */
    private Level[] levels = new Level[8];
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
        }
        if (levels[depth] == null) {
            levels[depth] = new Level();
        }
        levels[depth].open(object);
    }

    private void closeLevel() {
        if (depth >= 0) {
            levels[depth].close();
            depth--;
        }
    }

    private void add(String name) {
        // Jackson's Smile parser (3.1) does not apply the constraints' name length, which its JSON parser does.
        delegate.streamReadConstraints().validateNameLength(name.length());
        if (depth >= 0 && !levels[depth].add(name)) {
            throw new StreamReadException(delegate, "Duplicate Object property \"" + name + "\"");
        }
    }

    /** The names of the object open at one depth; an array has none. */
    private static final class Level {

        private final String[] table = new String[SLOTS];
        /** The slots taken: an object ends by emptying these, not all 64 (a port and its counters: 34, not 128). */
        private final int[] taken = new int[MAX_IN_TABLE];
        private int count;
        private boolean object;
        /** The names of an object too large for the table; null while it fits. */
        private Set<String> large;

        void open(boolean isObject) {
            object = isObject;
            count = 0;
            large = null;
        }

        void close() {
            for (int i = 0; i < count; i++) {
                table[taken[i]] = null;
            }
            count = 0;
            large = null;
        }

        /** False when the object has the name already. */
        boolean add(String name) {
            if (!object) {
                return true;
            }
            if (large == null && count == MAX_IN_TABLE) {
                large = new HashSet<>();
                for (String known : table) {
                    if (known != null) {
                        large.add(known);
                    }
                }
            }
            if (large != null) {
                return large.add(name);
            }
            int mask = table.length - 1;
            for (int slot = name.hashCode() & mask; ; slot = (slot + 1) & mask) {
                if (table[slot] == null) {
                    table[slot] = name;
                    taken[count++] = slot;
                    return true;
                }
                if (table[slot].equals(name)) {
                    return false;
                }
            }
        }
    }
}
