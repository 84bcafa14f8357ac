package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.sim.FatTreeGenerator;
import io.fabricpulse.agent.sim.FaultScript;
import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The load generator's simulated fabric: {@link FabricSize#planes()} fat trees from {@link FatTreeGenerator}
 * (4X NDR, healthy), each simulated by the {@code sim} source, split between agents. Plane 1 is the
 * generator's fabric as is; plane p > 1 has p - 1 in bits 28..31 of every GUID (free in the generator's GUID
 * plan, so GUIDs stay unique and keep their vendor OUI) and names its hosts' adapters {@code HCA-p} and its
 * switches {@code railp-…}: host n of every plane is the same server with one adapter per rail.
 */
public final class LoadFabric {

    private static final int PLANE_SHIFT = 28;

    private final FabricSize size;
    private final List<SimSource> planes = new ArrayList<>();

    /** Builds the fabric; the simulation starts at the clock's current reading. */
    public LoadFabric(FabricSize size, Clock clock) {
        this.size = size;
        FatTreeGenerator generator = new FatTreeGenerator(size.spines(), size.leaves(), size.hostsPerLeaf(),
                LinkWidth.X4, LinkSpeed.NDR);
        Topology first = generator.generate();
        for (int plane = 1; plane <= size.planes(); plane++) {
            planes.add(new SimSource(plane == 1 ? first : asPlane(first, plane), FaultScript.NONE, clock));
        }
    }

    public FabricSize size() {
        return size;
    }

    /**
     * The fabric split between {@code agents} sources, each a run of whole nodes with about the same number
     * of ports (so batches are alike in size), together covering every node once.
     *
     * @throws IllegalArgumentException when there are more agents than nodes
     */
    public List<PortSource> splitBetween(int agents) {
        if (agents < 1 || agents > size.nodes()) {
            throw new IllegalArgumentException(agents + " agents for " + size.nodes() + " nodes: each agent needs a node");
        }
        List<NodeRun> runs = new ArrayList<>();
        for (SimSource plane : planes) {
            List<NodeReport> nodes = plane.poll();
            for (int i = 0; i < nodes.size(); i++) {
                runs.add(new NodeRun(plane, i, nodes.get(i).ports().size()));
            }
        }
        long totalPorts = runs.stream().mapToLong(NodeRun::ports).sum();
        List<PortSource> sources = new ArrayList<>(agents);
        int next = 0;
        long portsSoFar = 0;
        for (int agent = 0; agent < agents; agent++) {
            long target = totalPorts * (agent + 1) / agents;
            int nodesLeftForOthers = agents - agent - 1;
            List<SimSource> slices = new ArrayList<>();
            int sliceStart = next;
            do {
                portsSoFar += runs.get(next).ports();
                next++;
                boolean planeEnds = next == runs.size() || runs.get(next).plane() != runs.get(next - 1).plane();
                if (planeEnds) {
                    slices.add(slice(runs, sliceStart, next));
                    sliceStart = next;
                }
            } while (next < runs.size() - nodesLeftForOthers && portsSoFar < target);
            if (sliceStart < next) {
                slices.add(slice(runs, sliceStart, next));
            }
            sources.add(new SlicedSource(slices));
        }
        return sources;
    }

    private static SimSource slice(List<NodeRun> runs, int from, int to) {
        return runs.get(from).plane().slice(runs.get(from).index(), runs.get(to - 1).index() + 1);
    }

    /** Node {@code index} of {@code plane}, with its number of reported ports. */
    private record NodeRun(SimSource plane, int index, int ports) {
    }

    private static Topology asPlane(Topology topology, int plane) {
        long bits = (long) (plane - 1) << PLANE_SHIFT;
        List<TopologyNode> nodes = topology.nodes().stream().map(n -> new TopologyNode(n.guid() | bits, n.type(),
                n.numPorts(), planeDescription(n.description(), plane), n.systemImageGuid() | bits, n.vendorId(),
                n.deviceId(), n.addresses().stream().map(a -> new PortAddress(a.port(), a.guid() | bits, a.lid())).toList()))
                .toList();
        List<Link> links = topology.links().stream().map(l -> Link.between(
                new LinkEnd(l.a().nodeGuid() | bits, l.a().port()), new LinkEnd(l.b().nodeGuid() | bits, l.b().port()),
                l.width(), l.speed())).toList();
        return new Topology(nodes, links);
    }

    /** {@code node0042 HCA-1} → {@code node0042 HCA-2}; {@code MF0;leaf03:…} → {@code MF0;rail2-leaf03:…}. */
    private static String planeDescription(String description, int plane) {
        if (description.endsWith(" HCA-1")) {
            return description.substring(0, description.length() - 1) + plane;
        }
        return description.replace("MF0;", "MF0;rail" + plane + "-");
    }
}
