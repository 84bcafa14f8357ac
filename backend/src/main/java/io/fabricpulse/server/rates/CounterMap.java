package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;

/**
 * An immutable map from IBA counter name to a value, in {@link PortCounter} order, held as one
 * primitive array and a presence mask instead of boxed entries: the live fabric keeps two per port
 * (latest values and rates), and at fabric scale their boxed form was most of a port's heap
 * (docs/PERFORMANCE.md). Ingest reads the counters of each port on the wire straight into one
 * ({@link Builder}), so a parsed batch waiting in the pipeline's queue is compact too, and the rate
 * engine reads values by counter ({@link #has}, {@link #longAt}) without boxing. Reads like any
 * {@code Map}; writes throw.
 *
 * @param <V> {@code Long} (raw counters, {@link #ofLongs}) or {@code Double} (rates, {@link #ofDoubles})
 */
public final class CounterMap<V> extends AbstractMap<String, V> {

    private static final PortCounter[] COUNTERS = PortCounter.values();

    static {
        // Presence is a bit of an int.
        if (COUNTERS.length > Integer.SIZE) {
            throw new ExceptionInInitializerError("more counters than bits in an int: " + COUNTERS.length);
        }
    }

    /** Long values as their bits, Double values as {@link Double#doubleToRawLongBits}. */
    private final long[] bits;
    private final int present;
    private final boolean doubles;

    private CounterMap(long[] bits, int present, boolean doubles) {
        this.bits = bits;
        this.present = present;
        this.doubles = doubles;
    }

    /** The counters of {@code values} (by IBA name; other names are left out); a counter map of longs as it is. */
    public static CounterMap<Long> ofLongs(Map<String, Long> values) {
        if (values instanceof CounterMap<Long> counters && !counters.doubles) {
            return counters;
        }
        return copyOf(values, Long::longValue, false);
    }

    /** The counters of {@code values} (by IBA name; other names are left out); a counter map of doubles as it is. */
    public static CounterMap<Double> ofDoubles(Map<String, Double> values) {
        if (values instanceof CounterMap<Double> counters && counters.doubles) {
            return counters;
        }
        return copyOf(values, Double::doubleToRawLongBits, true);
    }

    private static <V> CounterMap<V> copyOf(Map<String, V> values, ToLongFunction<V> toBits, boolean doubles) {
        long[] bits = new long[COUNTERS.length];
        int present = 0;
        for (PortCounter counter : COUNTERS) {
            V value = values.get(counter.ibaName());
            if (value != null) {
                bits[counter.ordinal()] = toBits.applyAsLong(value);
                present |= 1 << counter.ordinal();
            }
        }
        return new CounterMap<>(bits, present, doubles);
    }

    /** Longs at each counter's ordinal, where {@code present} has its bit; the map keeps the array. */
    static CounterMap<Long> ofLongBits(long[] bits, int present) {
        return new CounterMap<>(bits, present, false);
    }

    /** Doubles from their {@link Double#doubleToRawLongBits raw bits} at each counter's ordinal. */
    static CounterMap<Double> ofDoubleBits(long[] bits, int present) {
        return new CounterMap<>(bits, present, true);
    }

    /** Whether {@code counter} has a value. */
    public boolean has(PortCounter counter) {
        return (present & (1 << counter.ordinal())) != 0;
    }

    /** The counters that have a value, as bits by ordinal. */
    int presentBits() {
        return present;
    }

    /** The counters whose value is not 0 (as raw bits), as bits by ordinal. */
    public int nonZeroBits() {
        int nonZero = 0;
        for (int c = 0; c < bits.length; c++) {
            nonZero |= (present & 1 << c) != 0 && bits[c] != 0 ? 1 << c : 0;
        }
        return nonZero;
    }

    /** The value of {@code counter} in a map of longs, unboxed; only meaningful when {@link #has} it. */
    public long longAt(PortCounter counter) {
        return bits[counter.ordinal()];
    }

    /** The value of {@code counter} in a map of doubles, unboxed; only meaningful when {@link #has} it. */
    public double doubleAt(PortCounter counter) {
        return Double.longBitsToDouble(bits[counter.ordinal()]);
    }

    /** Whether this map holds doubles (rates) rather than longs (raw counters). */
    public boolean holdsDoubles() {
        return doubles;
    }

    /**
     * Builds a map of longs one counter at a time, as a parser meets them. Single use: {@link #build}
     * hands its array to the map (one array per port, not two), after which the builder refuses more.
     * Not thread-safe.
     */
    public static final class Builder {

        private long[] bits = new long[COUNTERS.length];
        private int present;

        /** Sets {@code counter}; false (and nothing changes) when it has a value already. */
        public boolean put(PortCounter counter, long value) {
            requireUnbuilt();
            int bit = 1 << counter.ordinal();
            if ((present & bit) != 0) {
                return false;
            }
            bits[counter.ordinal()] = value;
            present |= bit;
            return true;
        }

        public CounterMap<Long> build() {
            requireUnbuilt();
            CounterMap<Long> built = new CounterMap<>(bits, present, false);
            bits = null;
            return built;
        }

        private void requireUnbuilt() {
            if (bits == null) {
                throw new IllegalStateException("this builder has built its map already");
            }
        }
    }

    @Override
    public V get(Object key) {
        PortCounter counter = key instanceof String name ? PortCounter.ofIbaName(name) : null;
        return counter == null ? null : valueAt(counter.ordinal());
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super V> action) {
        for (int at = nextPresent(0); at < COUNTERS.length; at = nextPresent(at + 1)) {
            action.accept(COUNTERS[at].ibaName(), valueAt(at));
        }
    }

    @Override
    public int size() {
        return Integer.bitCount(present);
    }

    @Override
    public Set<Entry<String, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, V>> iterator() {
                return new Iterator<>() {
                    private int next = nextPresent(0);

                    @Override
                    public boolean hasNext() {
                        return next < COUNTERS.length;
                    }

                    @Override
                    public Entry<String, V> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        int at = next;
                        next = nextPresent(at + 1);
                        return new SimpleImmutableEntry<>(COUNTERS[at].ibaName(), valueAt(at));
                    }
                };
            }

            @Override
            public int size() {
                return CounterMap.this.size();
            }
        };
    }

    private int nextPresent(int from) {
        int index = from;
        while (index < COUNTERS.length && (present & (1 << index)) == 0) {
            index++;
        }
        return index;
    }

    @SuppressWarnings("unchecked")
    private V valueAt(int index) {
        if ((present & (1 << index)) == 0) {
            return null;
        }
        return (V) (doubles ? (Object) Double.longBitsToDouble(bits[index]) : (Object) bits[index]);
    }
}
