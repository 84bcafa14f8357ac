package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where the embedded store keeps its ports: one rrd4j file per port ({@link PortFiles}) or slots of
 * groups of ports ({@link PortSlots}). The directory's {@link StoreFormat} says which.
 */
interface PortStorage extends AutoCloseable {

    /** What to do with a port open for reading; runs under the port's lock. */
    interface Action<T> {
        T apply(PortFile port) throws IOException;
    }

    /** What to do with a port open for writing; runs under the port's lock. */
    interface WriteAction<T> {
        T apply(PortWriter port) throws IOException;
    }

    /**
     * Runs {@code action} on the port, creating it with its first update one step after {@code startIfNew}
     * when it is new.
     */
    <T> T write(PortSeriesKey port, long startIfNew, WriteAction<T> action);

    /** Creates the port if new (first update one step after {@code startIfNew}), so its first write finds it. */
    default void prepare(PortSeriesKey port, long startIfNew) {
        write(port, startIfNew, file -> null);
    }

    /** Runs {@code action} on the port through rrd4j if the port has been stored. */
    <T> Optional<T> read(PortSeriesKey port, Action<T> action);

    /** Every stored port, in no particular order. */
    List<PortSeriesKey> ports();

    /** A line for the health endpoint: what is open and where. */
    String status();

    @Override
    void close();
}
