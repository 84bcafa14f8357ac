package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.logging.OnceLog;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The source of a {@code discover}-role agent: its own ports (the umad source) and the fabric's
 * switch ports (the {@link FabricMonitor}) in one batch, each node once. Either half may fail alone;
 * the poll fails only when both read nothing.
 */
public final class DiscoveringSource implements PortSource {

    private static final Logger log = LoggerFactory.getLogger(DiscoveringSource.class);

    private final PortSource own;
    private final FabricMonitor monitor;
    private final OnceLog problems = new OnceLog(log);

    public DiscoveringSource(PortSource own, FabricMonitor monitor) {
        this.own = own;
        this.monitor = monitor;
    }

    /** The fabric-wide part: walks and sweeps. */
    public FabricMonitor monitor() {
        return monitor;
    }

    /** The source of this node's own ports, polled before the fabric. */
    public PortSource own() {
        return own;
    }

    /** The own source's name: the batch's data comes from the same native MADs. */
    @Override
    public String name() {
        return own.name();
    }

    @Override
    public List<NodeReport> poll() throws SourceException {
        List<NodeReport> mine = List.of();
        SourceException ownFailure = null;
        try {
            mine = own.poll();
            problems.clear("own", () -> own.name() + " reads this node's ports again");
        } catch (SourceException e) {
            ownFailure = e;
        }
        List<NodeReport> fabric = monitor.poll();
        if (ownFailure != null) {
            if (fabric.isEmpty()) {
                throw ownFailure;
            }
            String why = ownFailure.getMessage();
            problems.warn("own", why, () -> "this node's own ports not read (" + why + "); reporting the fabric sweep");
        }
        return NodeReports.merge(mine, fabric);
    }

    /** The own source's SM and every other SM the walk found, each asked once. */
    @Override
    public List<SubnetManagerReport> subnetManagers() {
        List<SubnetManagerReport> mine = own.subnetManagers();
        List<SubnetManagerReport> found = monitor.lastPollSubnetManagers();
        if (mine == null) {
            return found;
        }
        List<SubnetManagerReport> all = new ArrayList<>(mine);
        all.addAll(found);
        return List.copyOf(all);
    }

    /** The fabric walk the latest poll's reports carry, if that poll walked. */
    @Override
    public IngestBatch.Discovery discovery() {
        return monitor.lastPollDiscovery();
    }

    @Override
    public void close() {
        own.close();
        monitor.close();
    }
}
