package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.ForwardingTable;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.server.pipeline.AppliedBatchListener;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The newest forwarding table of each switch, from the batches of {@code discover}-role agents (already
 * validated by ingest). Replays and late batches do not move a table back in time. Tables of switches that
 * left the fabric stay until the routes are rebuilt without them: a table only counts for switches the live
 * topology has.
 */
@Component
public class ForwardingTableStore implements AppliedBatchListener {

    private final Map<String, SwitchTable> tables = new ConcurrentHashMap<>();
    private final AtomicLong version = new AtomicLong();
    private volatile Runnable onChange = () -> { };

    @Override
    public void applied(IngestBatch batch, boolean judgedElsewhere) {
        boolean changed = false;
        for (NodeReport node : batch.nodes()) {
            ForwardingTable table = node.forwardingTable();
            if (table != null) {
                changed |= keep(new SwitchTable(node.guid(), table.lid(), table.ports(), table.readAt(),
                        table.unreadBlocks(), batch.agentId()));
            }
        }
        if (changed) {
            version.incrementAndGet();
            onChange.run();
        }
    }

    private boolean keep(SwitchTable table) {
        SwitchTable kept = tables.merge(table.switchGuid(), table,
                (old, fresh) -> fresh.readAt().isAfter(old.readAt()) ? fresh : old);
        return kept == table;
    }

    /** The tables now; a snapshot. */
    public Map<String, SwitchTable> tables() {
        return Map.copyOf(tables);
    }

    /** Changes whenever a table changes, so a reader can tell whether its build is still current. */
    public long version() {
        return version.get();
    }

    /** Told (on the ingest thread, must return at once) when a table changed. */
    void onChange(Runnable listener) {
        this.onChange = listener;
    }
}
