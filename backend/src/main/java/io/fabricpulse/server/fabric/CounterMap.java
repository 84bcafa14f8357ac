package io.fabricpulse.server.fabric;

import io.fabricpulse.agent.report.PortCounter;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable map from IBA counter name to a value, in {@link PortCounter} order, held as one
 * primitive array and a presence mask instead of boxed entries: the live fabric keeps two per port
 * (latest values and rates), and at fabric scale their boxed form was most of a port's heap
 * (docs/PERFORMANCE.md). Reads like any {@code Map}; writes throw.
 *
 * @param <V> {@code Long} (raw counters, {@link #ofLongs}) or {@code Double} (rates, {@link #ofDoubles})
 */
final class CounterMap<V> extends AbstractMap<String, V> {

    private static final PortCounter[] COUNTERS = PortCounter.values();
    private static final Map<String, PortCounter> BY_NAME = new HashMap<>();

    static {
        for (PortCounter counter : COUNTERS) {
            BY_NAME.put(counter.ibaName(), counter);
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

    /** The counters of {@code values} (by IBA name; other names are left out). */
    static CounterMap<Long> ofLongs(Map<String, Long> values) {
        long[] bits = new long[COUNTERS.length];
        int present = 0;
        for (PortCounter counter : COUNTERS) {
            Long value = values.get(counter.ibaName());
            if (value != null) {
                bits[counter.ordinal()] = value;
                present |= 1 << counter.ordinal();
            }
        }
        return new CounterMap<>(bits, present, false);
    }

    /** The counters of {@code values} (by IBA name; other names are left out). */
    static CounterMap<Double> ofDoubles(Map<String, Double> values) {
        long[] bits = new long[COUNTERS.length];
        int present = 0;
        for (PortCounter counter : COUNTERS) {
            Double value = values.get(counter.ibaName());
            if (value != null) {
                bits[counter.ordinal()] = Double.doubleToRawLongBits(value);
                present |= 1 << counter.ordinal();
            }
        }
        return new CounterMap<>(bits, present, true);
    }

    @Override
    public V get(Object key) {
        PortCounter counter = key instanceof String name ? BY_NAME.get(name) : null;
        return counter == null ? null : valueAt(counter.ordinal());
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
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
