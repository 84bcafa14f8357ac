package io.fabricpulse.server.series;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An immutable map from {@link RateSeries} to a rate, held as one primitive array indexed by
 * {@link RateSeries#index()} and a presence mask: the rates of one port sample, built for every
 * sample the server ingests (tens of thousands per second), so no entry or box per series. Iterates
 * in {@link RateSeries#all()} order; {@link #forEachRate} reads without boxing. Writes throw.
 */
public final class RateValues extends AbstractMap<RateSeries, Double> {

    private static final List<RateSeries> ALL = RateSeries.all();

    static {
        if (ALL.size() > Long.SIZE) {
            throw new ExceptionInInitializerError("more series than bits in a long: " + ALL.size());
        }
    }

    private final double[] values;
    private final long present;

    private RateValues(double[] values, long present) {
        this.values = values;
        this.present = present;
    }

    /** A rate of one series, unboxed. */
    @FunctionalInterface
    public interface RateConsumer {
        void accept(RateSeries series, double rate);
    }

    /** The rates of {@code rates}; a {@code RateValues} as it is. Null keys and values are refused. */
    public static RateValues copyOf(Map<RateSeries, Double> rates) {
        if (rates instanceof RateValues values) {
            return values;
        }
        Builder builder = new Builder();
        rates.forEach((series, rate) -> builder.put(Objects.requireNonNull(series, "series"),
                Objects.requireNonNull(rate, "rate")));
        return builder.build();
    }

    /** Feeds {@code consumer} every rate, in {@link RateSeries#all()} order. */
    public void forEachRate(RateConsumer consumer) {
        for (int at = nextPresent(0); at < ALL.size(); at = nextPresent(at + 1)) {
            consumer.accept(ALL.get(at), values[at]);
        }
    }

    @Override
    public Double get(Object key) {
        if (!(key instanceof RateSeries series) || (present & (1L << series.index())) == 0) {
            return null;
        }
        return values[series.index()];
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public int size() {
        return Long.bitCount(present);
    }

    @Override
    public boolean isEmpty() {
        return present == 0;
    }

    @Override
    public void forEach(BiConsumer<? super RateSeries, ? super Double> action) {
        forEachRate(action::accept);
    }

    @Override
    public Set<Entry<RateSeries, Double>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<RateSeries, Double>> iterator() {
                return new Iterator<>() {
                    private int next = nextPresent(0);

                    @Override
                    public boolean hasNext() {
                        return next < ALL.size();
                    }

                    @Override
                    public Entry<RateSeries, Double> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        int at = next;
                        next = nextPresent(at + 1);
                        return new SimpleImmutableEntry<>(ALL.get(at), values[at]);
                    }
                };
            }

            @Override
            public int size() {
                return RateValues.this.size();
            }
        };
    }

    private int nextPresent(int from) {
        long rest = from >= Long.SIZE ? 0 : present >>> from << from;
        return rest == 0 ? ALL.size() : Long.numberOfTrailingZeros(rest);
    }

    /**
     * Builds a {@link RateValues} one series at a time; a later rate of a series replaces an earlier one.
     * Single use: {@link #build} hands its array to the map, after which the builder refuses more.
     */
    public static final class Builder {

        private double[] values = new double[ALL.size()];
        private long present;

        public Builder put(RateSeries series, double rate) {
            requireUnbuilt();
            values[series.index()] = rate;
            present |= 1L << series.index();
            return this;
        }

        public boolean isEmpty() {
            return present == 0;
        }

        public RateValues build() {
            requireUnbuilt();
            RateValues built = new RateValues(values, present);
            values = null;
            return built;
        }

        private void requireUnbuilt() {
            if (values == null) {
                throw new IllegalStateException("this builder has built its rates already");
            }
        }
    }
}
