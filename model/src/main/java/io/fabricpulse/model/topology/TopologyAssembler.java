package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Turns the records of a file into a {@link Topology}: matches the two lines that describe each
 * cable (one in each end's record), checks that they agree, and completes nodes that only appear as
 * far ends. Every inconsistency becomes a {@link TopologyParseException} at the line that shows it,
 * so the {@link Topology} constructor's own checks never fire for parsed input.
 */
final class TopologyAssembler {

    private final Map<String, RawNode> recordsById = new LinkedHashMap<>();
    private final Map<String, FarEnd> farEndsById = new LinkedHashMap<>();
    private final Map<String, RawPort> claimedFarPorts = new HashMap<>();
    private final List<Link> links = new ArrayList<>();
    private boolean settingsShapeRates;

    /** A node without a record, known from the port lines that reach it. */
    private static final class FarEnd {
        final String id;
        final NodeType type;
        final long guid;
        final int firstLine;
        String description;
        int maxPort;
        int switchLid;
        final Map<Integer, PortAddress> addresses = new TreeMap<>();

        FarEnd(String id, NodeType type, long guid, int firstLine) {
            this.id = id;
            this.type = type;
            this.guid = guid;
            this.firstLine = firstLine;
        }
    }

    private TopologyAssembler() {
    }

    static Topology assemble(List<RawNode> records) throws TopologyParseException {
        TopologyAssembler assembler = new TopologyAssembler();
        assembler.index(records);
        for (RawNode node : records) {
            for (RawPort port : node.ports().values()) {
                assembler.cable(node, port);
            }
        }
        return assembler.build(records);
    }

    private void index(List<RawNode> records) throws TopologyParseException {
        Map<Long, RawNode> byGuid = new HashMap<>();
        for (RawNode node : records) {
            RawNode sameId = recordsById.putIfAbsent(node.id(), node);
            if (sameId != null) {
                throw new TopologyParseException(node.line(), 0, "node id \"" + node.id() + "\" is already defined on line " + sameId.line());
            }
            RawNode sameGuid = byGuid.putIfAbsent(node.guid(), node);
            if (sameGuid != null) {
                throw new TopologyParseException(node.line(), 0, "node GUID " + Guids.format(node.guid()) + " of \"" + node.id()
                        + "\" is already the GUID of \"" + sameGuid.id() + "\" (line " + sameGuid.line() + ")");
            }
            settingsShapeRates |= !node.defaults().isEmpty();
        }
    }

    private void cable(RawNode node, RawPort port) throws TopologyParseException {
        RawNode far = recordsById.get(port.remoteId());
        if (far == null) {
            cableToFarEnd(node, port);
            return;
        }
        if (far == node && port.remotePort() == port.port()) {
            throw new TopologyParseException(port.line(), 0, "port [" + port.port() + "] is cabled to itself");
        }
        if (port.remotePort() > far.numPorts()) {
            throw new TopologyParseException(port.line(), 0, "remote port [" + port.remotePort() + "] is beyond the "
                    + far.numPorts() + " ports of \"" + far.id() + "\" (line " + far.line() + ")");
        }
        RawPort back = far.ports().get(port.remotePort());
        String claim = "\"" + node.id() + "\"[" + port.port() + "] says it is cabled to \"" + far.id() + "\"[" + port.remotePort() + "]";
        if (back == null) {
            throw new TopologyParseException(port.line(), 0, claim + ", but the record of \"" + far.id() + "\" (line " + far.line()
                    + ") has no line for port [" + port.remotePort() + "]");
        }
        if (!back.remoteId().equals(node.id()) || back.remotePort() != port.port()) {
            throw new TopologyParseException(Math.max(port.line(), back.line()), 0, claim + ", but line " + back.line()
                    + " says \"" + far.id() + "\"[" + port.remotePort() + "] is cabled to \"" + back.remoteId() + "\"[" + back.remotePort() + "]");
        }
        checkGuidSeenFromAfar(port, back, far);
        checkGuidSeenFromAfar(back, port, node);
        if (port.line() < back.line()) {
            links.add(link(node, port, far, back));
        }
    }

    /**
     * The link two agreeing lines describe. Its rate is what the comments state; a file that states
     * none but sets ibsim enable masks gets the rate ibsim would bring the link up with.
     */
    private Link link(RawNode node, RawPort port, RawNode far, RawPort back) throws TopologyParseException {
        LinkEnd near = new LinkEnd(node.guid(), port.port());
        LinkEnd other = new LinkEnd(far.guid(), back.port());
        boolean masksMatter = settingsShapeRates || !port.options().isEmpty() || !back.options().isEmpty();
        if (port.rateStated() || back.rateStated() || !masksMatter) {
            return Link.between(near, other, agreed(port, back, "width", port.width(), back.width()),
                    agreed(port, back, "speed", port.speed(), back.speed()));
        }
        EnabledRates mine = port.options().over(node.defaults()).over(EnabledRates.IBSIM_DEFAULTS);
        EnabledRates theirs = back.options().over(far.defaults()).over(EnabledRates.IBSIM_DEFAULTS);
        LinkWidth width = EnabledRates.activeWidth(mine, theirs);
        LinkSpeed speed = EnabledRates.activeSpeed(mine, theirs);
        if (width == null || speed == null) {
            throw new TopologyParseException(back.line(), 0, "the ends of this cable enable no common link "
                    + (width == null ? "width" : "speed") + " (see line " + port.line() + "); ibsim would refuse it");
        }
        return Link.between(near, other, width, speed);
    }

    private static <T> T agreed(RawPort one, RawPort other, String what, T a, T b) throws TopologyParseException {
        if (a != null && b != null && !a.equals(b)) {
            throw new TopologyParseException(Math.max(one.line(), other.line()), 0, "the two ends of a cable disagree on its " + what
                    + ": " + shown(a) + " on line " + one.line() + ", " + shown(b) + " on line " + other.line());
        }
        return a != null ? a : b;
    }

    private static String shown(Object rate) {
        return rate instanceof LinkWidth width ? width.label() : rate.toString();
    }

    /** The port GUID a line gives for the far end in parentheses must be the one that end's own line gives. */
    private static void checkGuidSeenFromAfar(RawPort near, RawPort back, RawNode far) throws TopologyParseException {
        if (near.remoteGuid() != null && far.type() != NodeType.SWITCH) {
            long own = back.ownGuid() != null ? back.ownGuid() : far.guid() + back.port();
            if (own != near.remoteGuid()) {
                throw new TopologyParseException(near.line(), 0, "this line gives \"" + far.id() + "\"[" + back.port() + "] the port GUID "
                        + Guids.format(near.remoteGuid()) + ", line " + back.line() + " gives it " + Guids.format(own));
            }
        }
    }

    private void cableToFarEnd(RawNode node, RawPort port) throws TopologyParseException {
        FarEnd far = farEnd(port);
        String key = port.remoteId() + "[" + port.remotePort() + "]";
        RawPort earlier = claimedFarPorts.putIfAbsent(key, port);
        if (earlier != null) {
            throw new TopologyParseException(port.line(), 0, "\"" + port.remoteId() + "\"[" + port.remotePort()
                    + "] is already cabled on line " + earlier.line());
        }
        far.maxPort = Math.max(far.maxPort, port.remotePort());
        if (far.description == null && port.remoteDescription() != null && TopologyNode.isValidDescription(port.remoteDescription())) {
            far.description = port.remoteDescription();
        }
        int lid = port.remoteLid() != null ? port.remoteLid() : 0;
        if (far.type == NodeType.SWITCH) {
            far.switchLid = far.switchLid != 0 ? far.switchLid : lid;
        } else {
            long guid = port.remoteGuid() != null ? port.remoteGuid() : far.guid + port.remotePort();
            far.addresses.put(port.remotePort(), new PortAddress(port.remotePort(), guid, lid));
        }
        links.add(Link.between(new LinkEnd(node.guid(), port.port()), new LinkEnd(far.guid, port.remotePort()), port.width(), port.speed()));
    }

    private FarEnd farEnd(RawPort port) throws TopologyParseException {
        FarEnd known = farEndsById.get(port.remoteId());
        if (known != null) {
            return known;
        }
        Long guid = IbsimSettings.guidInId(port.remoteId());
        if (guid == null) {
            throw new TopologyParseException(port.line(), 0, "no record for node \"" + port.remoteId()
                    + "\", and its id does not carry a GUID (S-, H- or R- and hexadecimal digits) to complete it from");
        }
        NodeType type = switch (port.remoteId().charAt(0)) {
            case 'S' -> NodeType.SWITCH;
            case 'R' -> NodeType.ROUTER;
            default -> NodeType.CA;
        };
        FarEnd far = new FarEnd(port.remoteId(), type, guid, port.line());
        farEndsById.put(port.remoteId(), far);
        return far;
    }

    private Topology build(List<RawNode> records) throws TopologyParseException {
        Map<Long, String> idsByGuid = new HashMap<>();
        List<TopologyNode> nodes = new ArrayList<>();
        for (RawNode node : records) {
            idsByGuid.put(node.guid(), node.id());
            nodes.add(new TopologyNode(node.guid(), node.type(), node.numPorts(), node.description(), node.systemImageGuid(),
                    node.vendorId(), node.deviceId(), addresses(node)));
        }
        for (FarEnd far : farEndsById.values()) {
            String sameGuid = idsByGuid.putIfAbsent(far.guid, far.id);
            if (sameGuid != null) {
                throw new TopologyParseException(far.firstLine, 0, "node \"" + far.id + "\" has the GUID " + Guids.format(far.guid)
                        + " of \"" + sameGuid + "\"");
            }
            List<PortAddress> addresses = far.type == NodeType.SWITCH ? List.of(new PortAddress(0, far.guid, far.switchLid))
                    : List.copyOf(far.addresses.values());
            nodes.add(new TopologyNode(far.guid, far.type, far.maxPort, Objects.requireNonNullElse(far.description, far.id),
                    far.guid, 0, 0, addresses));
        }
        return new Topology(nodes, links);
    }

    private List<PortAddress> addresses(RawNode node) {
        if (node.type() == NodeType.SWITCH) {
            return List.of(new PortAddress(0, node.portZeroGuid(), node.lid()));
        }
        List<PortAddress> addresses = new ArrayList<>();
        for (RawPort port : new TreeMap<>(node.ports()).values()) {
            long guid = port.ownGuid() != null ? port.ownGuid() : node.guid() + port.port();
            addresses.add(new PortAddress(port.port(), guid, port.ownLid() != null ? port.ownLid() : 0));
        }
        return addresses;
    }
}
