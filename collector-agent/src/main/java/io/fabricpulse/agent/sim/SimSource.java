package io.fabricpulse.agent.sim;

import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyParseException;
import io.fabricpulse.model.topology.TopologyParser;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code sim} source: a deterministic simulated fabric. Every poll reports every node of the
 * topology with its cabled ports, as if one agent saw the whole fabric: Active/LinkUp ports with
 * LIDs as an SM would give them ({@link LidPlan}), the topology's width and speed (4X EDR where the
 * file says nothing), 64-bit extended counters, the peer at the other end of each cable, traffic
 * that grows with a steady per-port level plus a slow wave ({@link TrafficProfile}; data counters in
 * 4-byte words), and errors only where the {@link FaultScript} puts them. Counters latch at their
 * width's maximum.
 * <p>
 * Time comes only from the injected clock: a port's counters are a pure function of the seconds
 * since the source was made, so the same clock readings always give the same reports, and a clock
 * that goes backwards gives the values of that earlier moment (before the start: the start).
 */
public final class SimSource implements PortSource {

    /** Classpath resource of the demo fabric: 18 spines, 36 leaves, 18 hosts per leaf (see {@link FatTreeGenerator#demo()}). */
    public static final String DEMO_TOPOLOGY = "/io/fabricpulse/agent/sim/fat-tree-648.net";
    /** Classpath resource of the demo fault script for {@link #DEMO_TOPOLOGY}. */
    public static final String DEMO_FAULTS = "/io/fabricpulse/agent/sim/demo-faults.txt";
    /** Width of links whose width the topology file does not state. */
    public static final LinkWidth DEFAULT_WIDTH = LinkWidth.X4;
    /** Speed of links whose speed the topology file does not state. */
    public static final LinkSpeed DEFAULT_SPEED = LinkSpeed.EDR;

    private final Clock clock;
    private final Instant start;
    private final List<SimNode> nodes;

    /**
     * @param topology the fabric
     * @param faults   its faults, resolved against this topology ({@link FaultScript#parse})
     * @param clock    the only source of time; the simulation starts at its current reading
     * @throws IllegalArgumentException when a fault names a port this topology has no cable on, or the
     *                                  fabric has more addressable ports than unicast LIDs
     */
    public SimSource(Topology topology, FaultScript faults, Clock clock) {
        this(clock, clock.instant(), SimFabric.build(topology, faults));
    }

    private SimSource(Clock clock, Instant start, List<SimNode> nodes) {
        this.clock = clock;
        this.start = start;
        this.nodes = nodes;
    }

    /**
     * The nodes {@code from} (inclusive) to {@code to} (exclusive), in the order a poll reports them, as a
     * source of their own that shares this simulation's start and clock: what one of several agents that
     * split the fabric between them reports (the load generator). The simulated nodes are shared, not rebuilt.
     */
    public SimSource slice(int from, int to) {
        return new SimSource(clock, start, nodes.subList(from, to));
    }

    /** The bundled demo: the 648-host fat tree with its fault script. */
    public static SimSource demo(Clock clock) {
        Demo demo = Demo.load();
        return new SimSource(demo.topology(), demo.faults(), clock);
    }

    /**
     * The bundled demo fabric and fault script, parsed; immutable, so one load can serve several
     * sources (each starts its own simulation at its own clock's reading).
     */
    public record Demo(Topology topology, FaultScript faults) {

        /** Reads the two bundled resources; they are checked by the build, so a failure here is a packaging bug. */
        public static Demo load() {
            try {
                Topology topology = TopologyParser.parse(resource(DEMO_TOPOLOGY));
                return new Demo(topology, FaultScript.parse(new String(resource(DEMO_FAULTS), StandardCharsets.UTF_8), topology));
            } catch (TopologyParseException | FaultScriptException e) {
                throw new IllegalStateException("a bundled demo resource is broken: " + e.getMessage(), e);
            }
        }
    }

    /** A healthy fabric from a topology file (ibnetdiscover or ibsim format). */
    public static SimSource fromFiles(Path topology, Clock clock) throws IOException, TopologyParseException {
        return new SimSource(TopologyParser.parse(topology), FaultScript.NONE, clock);
    }

    /** A fabric from a topology file with the faults of a script file (UTF-8). */
    public static SimSource fromFiles(Path topology, Path faults, Clock clock)
            throws IOException, TopologyParseException, FaultScriptException {
        Topology parsed = TopologyParser.parse(topology);
        return new SimSource(parsed, FaultScript.parse(Files.readString(faults, StandardCharsets.UTF_8), parsed), clock);
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public List<NodeReport> poll() {
        Duration elapsed = Duration.between(start, clock.instant());
        double t = elapsed.isNegative() ? 0 : elapsed.getSeconds() + elapsed.getNano() / 1e9;
        List<NodeReport> reports = new ArrayList<>(nodes.size());
        for (SimNode node : nodes) {
            reports.add(node.report(t));
        }
        return List.copyOf(reports);
    }

    private static byte[] resource(String name) {
        try (InputStream in = SimSource.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource " + name + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled resource " + name, e);
        }
    }
}
