package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.NodeType;

import java.util.List;

/**
 * One node of a fabric as a topology file describes it.
 *
 * @param guid            node GUID
 * @param type            CA, SWITCH or ROUTER
 * @param numPorts        number of physical ports (1..255; a switch's port 0 is not counted)
 * @param description     node description; never empty (files without one use the node id, as ibsim does)
 * @param systemImageGuid system image GUID (the node GUID when the file does not give one, as ibsim does)
 * @param vendorId        IEEE vendor id (24 bits), 0 when not given
 * @param deviceId        device id (16 bits), 0 when not given
 * @param addresses       GUID and LID of the addressable ports, by port number: exactly port 0 for a
 *                        switch, exactly the cabled ports for a CA or router
 */
public record TopologyNode(long guid, NodeType type, int numPorts, String description, long systemImageGuid,
                           int vendorId, int deviceId, List<PortAddress> addresses) {

    public TopologyNode {
        if (type == null) {
            throw new IllegalArgumentException("node type missing");
        }
        if (numPorts < 1 || numPorts > 255) {
            throw new IllegalArgumentException("a node has 1..255 ports, not " + numPorts);
        }
        if (!isValidDescription(description)) {
            throw new IllegalArgumentException("description must be non-empty, without '\"' and control characters: "
                    + description);
        }
        if (vendorId < 0 || vendorId > 0xFFFFFF || deviceId < 0 || deviceId > 0xFFFF) {
            throw new IllegalArgumentException("vendor id is 24 bits and device id 16 bits");
        }
        addresses = List.copyOf(addresses);
        for (int i = 1; i < addresses.size(); i++) {
            if (addresses.get(i - 1).port() >= addresses.get(i).port()) {
                throw new IllegalArgumentException("addresses must be ordered by port, each port once");
            }
        }
    }

    /** Whether a text can be a node description in a topology file (it is written in double quotes). */
    public static boolean isValidDescription(String description) {
        return description != null && !description.isEmpty() && description.indexOf('"') < 0
                && description.chars().noneMatch(Character::isISOControl);
    }

    /** The address of {@code port}, or null when the port has none (a switch's ports 1..N, an uncabled CA port). */
    public PortAddress address(int port) {
        for (PortAddress address : addresses) {
            if (address.port() == port) {
                return address;
            }
        }
        return null;
    }

    public boolean isSwitch() {
        return type == NodeType.SWITCH;
    }
}
