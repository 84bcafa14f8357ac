package io.fabricpulse.agent.source;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.SubnetManagerReport;

import java.util.List;

/**
 * Where an agent's port data comes from: {@code umad} (native MADs), {@code sysfs} (the kernel's
 * files) or {@code sim} (a simulated fabric). One call reads everything the source can see once.
 */
public interface PortSource extends AutoCloseable {

    /** Short name as used on the command line and in {@code IngestBatch.source}: umad, sysfs, sim. */
    String name();

    /**
     * Reads all nodes and ports once. Must not block forever and must not throw for a single bad
     * port: a port that cannot be read is left out and the reason logged.
     *
     * @throws SourceException when nothing at all could be read (device gone, root directory missing)
     */
    List<NodeReport> poll() throws SourceException;

    /**
     * The fabric walk whose results the latest {@link #poll()} returned, or null: only a source that
     * walks the whole fabric has one, and only for the poll right after a walk.
     */
    default IngestBatch.Discovery discovery() {
        return null;
    }

    /**
     * The SMInfo answers (and unanswered queries) of the latest {@link #poll()}, or null for a source that
     * cannot ask a subnet manager (sysfs, sim): the server then knows it cannot tell.
     */
    default List<SubnetManagerReport> subnetManagers() {
        return null;
    }

    @Override
    default void close() {
    }
}
