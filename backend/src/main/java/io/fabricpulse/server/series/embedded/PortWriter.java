package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;

import java.io.IOException;

/** An open port file that takes updates. Not thread-safe: {@link PortFiles} hands it to one thread at a time. */
interface PortWriter extends AutoCloseable {

    /**
     * Stores one sample's rates. Returns false, storing nothing, when the sample is not newer than
     * the file's latest (a replay, or two samples within one second): a round-robin file cannot
     * rewrite its past.
     */
    boolean update(PortRateSample sample) throws IOException;

    @Override
    void close() throws IOException;
}
