package io.fabricpulse.server.fabric;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One object per distinct value, shared by every port or node that has it, where a fabric has a handful of values
 * and each holder kept its own copy. Bounded: past {@code limit} distinct values (what a hostile or odd source could
 * send) a holder keeps its own. Thread-safe.
 *
 * @param <T> an immutable value with equals and hashCode
 */
final class SharedValues<T> {

    private final int limit;
    private final Map<T, T> known = new ConcurrentHashMap<>();

    SharedValues(int limit) {
        this.limit = limit;
    }

    /** The shared object equal to {@code value}, or {@code value} itself (null for null). */
    T of(T value) {
        if (value == null) {
            return null;
        }
        return known.size() < limit ? known.computeIfAbsent(value, v -> v) : known.getOrDefault(value, value);
    }
}
