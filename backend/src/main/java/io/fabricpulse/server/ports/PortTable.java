package io.fabricpulse.server.ports;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * A feature's state per port, by the port's {@link PortIndex} number: 4 bytes a port in chunks of 4,096, made as
 * numbers reach them. Where a map by port kept an entry (32 bytes), a key (16-24) and a share of its table (8) per
 * port, a table keeps a reference.
 *
 * <p>Thread-safe: slots are read and written with volatile semantics, and a chunk, once made, stays; only the list
 * of chunks is replaced when it grows, so no write is lost to a concurrent growth.
 *
 * @param <T> what is kept per port
 */
public final class PortTable<T> implements Iterable<T> {

    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    @SuppressWarnings("unchecked")
    private volatile AtomicReferenceArray<T>[] chunks = new AtomicReferenceArray[0];

    /** What port {@code index} keeps, null when nothing (or {@code index} is {@link PortIndex#NONE}). */
    public T get(int index) {
        if (index < 0) {
            return null;
        }
        AtomicReferenceArray<T>[] all = chunks;
        int chunk = index >>> CHUNK_BITS;
        return chunk < all.length ? all[chunk].get(index & MASK) : null;
    }

    /** Keeps {@code value} for port {@code index}; null forgets it. */
    public void set(int index, T value) {
        if (value == null && get(index) == null) {
            return;
        }
        chunk(index).set(index & MASK, value);
    }

    /** What port {@code index} keeps, made by {@code make} (and kept) when it keeps nothing; one value wins a race. */
    public T computeIfAbsent(int index, IntFunction<? extends T> make) {
        T known = get(index);
        if (known != null) {
            return known;
        }
        T made = make.apply(index);
        T raced = chunk(index).compareAndExchange(index & MASK, null, made);
        return raced == null ? made : raced;
    }

    /** Forgets every value. */
    @SuppressWarnings("unchecked")
    public synchronized void clear() {
        chunks = new AtomicReferenceArray[0];
    }

    /** Every value kept, in port number order (what a concurrent writer changes meanwhile may or may not be seen). */
    @Override
    public Iterator<T> iterator() {
        AtomicReferenceArray<T>[] all = chunks;
        return new Iterator<>() {
            private int at = -1;
            private T next = advance();

            private T advance() {
                while (++at < all.length * CHUNK) {
                    T value = all[at >>> CHUNK_BITS].get(at & MASK);
                    if (value != null) {
                        return value;
                    }
                }
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public T next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                T value = next;
                next = advance();
                return value;
            }
        };
    }

    private AtomicReferenceArray<T> chunk(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("not a port's number: " + index);
        }
        int chunk = index >>> CHUNK_BITS;
        AtomicReferenceArray<T>[] all = chunks;
        if (chunk < all.length) {
            return all[chunk];
        }
        synchronized (this) {
            all = chunks;
            if (chunk >= all.length) {
                AtomicReferenceArray<T>[] grown = Arrays.copyOf(all, chunk + 1);
                for (int c = all.length; c <= chunk; c++) {
                    grown[c] = new AtomicReferenceArray<>(CHUNK);
                }
                chunks = grown;
                all = grown;
            }
            return all[chunk];
        }
    }
}
