package io.fabricpulse.server.series;

/** A store could not do what was asked for a reason outside the caller's input: disk, network, server. */
public class SeriesStoreException extends RuntimeException {

    public SeriesStoreException(String message) {
        super(message);
    }

    public SeriesStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
