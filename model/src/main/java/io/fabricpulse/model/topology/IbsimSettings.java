package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.NodeType;

import java.util.LinkedHashMap;

/**
 * The settings lines of a topology file ({@code switchguid=}, {@code caguid=}, {@code vendid=},
 * {@code devid=}, {@code sysimgguid=}, {@code width=}, ...) and how they give the next node its
 * identity. This follows ibsim's reading so that our GUIDs are the ones ibsim simulates: each node
 * type has a GUID counter (CAs start at 0x100000, switches at 0x200000, routers at 0); a
 * {@code caguid=} line sets it, a node takes its value, and it then moves on by one for a switch and
 * by ports + 1 for a CA or router (whose port GUIDs are node GUID + port number). {@code vendid=}
 * and {@code sysimgguid=} hold for the next node only, {@code devid=} until changed.
 * <p>
 * One deliberate addition: a node id that carries a GUID ({@code "H-0008f10403960984"}, as
 * ibnetdiscover writes) gives the node that GUID when no {@code caguid=} line precedes it, so an
 * ibnetdiscover fragment keeps its real GUIDs; with such a line both must agree.
 */
final class IbsimSettings {

    private final long[] base = {0x100000L, 0x200000L, 0L};
    private final long[] next = base.clone();
    private final int[] unusedGuidLine = new int[NodeType.values().length];
    private int vendorId;
    private int deviceId;
    private long systemImageGuid;
    private Long switchPortGuid;
    private EnabledRates portDefaults = EnabledRates.NONE;

    /** A {@code caguid=V} (absolute) or {@code caguid+V} (relative to the last absolute value) line. */
    void guidBase(NodeType type, long value, boolean relative, int line) {
        int t = type.ordinal();
        if (relative) {
            next[t] = base[t] + value;
        } else {
            base[t] = value;
            next[t] = value;
        }
        unusedGuidLine[t] = line;
    }

    /** The port GUID in parentheses after {@code switchguid=}, for the next switch's port 0. */
    void switchPortGuid(long guid) {
        switchPortGuid = guid;
    }

    void vendorId(int vendorId) {
        this.vendorId = vendorId;
    }

    void deviceId(int deviceId) {
        this.deviceId = deviceId;
    }

    void systemImageGuid(long guid) {
        this.systemImageGuid = guid;
    }

    void portDefaults(EnabledRates rates) {
        portDefaults = rates.over(portDefaults);
    }

    /** Makes the record of a node from its header and the settings before it, and moves the settings on. */
    RawNode newNode(LineCursor<TopologyParseException> header, NodeType type, int numPorts, String id,
                    String description, int lid) throws TopologyParseException {
        int t = type.ordinal();
        long counter = next[t];
        Long fromId = guidInId(id);
        long guid;
        if (unusedGuidLine[t] != 0) {
            guid = counter;
            if (fromId != null && fromId != counter) {
                throw header.lineError("node id \"" + id + "\" names GUID " + Guids.format(fromId)
                        + ", but the setting on line " + unusedGuidLine[t] + " gives this node " + Guids.format(counter));
            }
        } else {
            guid = fromId != null ? fromId : counter;
        }
        next[t] = counter + (type == NodeType.SWITCH ? 1 : numPorts + 1);
        unusedGuidLine[t] = 0;
        long portZero = type == NodeType.SWITCH && switchPortGuid != null ? switchPortGuid : guid;
        RawNode node = new RawNode(header.line(), type, numPorts, id, description == null ? id : description, guid,
                systemImageGuid != 0 ? systemImageGuid : guid, vendorId, deviceId, lid, portZero,
                portDefaults, new LinkedHashMap<>());
        vendorId = 0;
        systemImageGuid = 0;
        if (type == NodeType.SWITCH) {
            switchPortGuid = null;
        }
        return node;
    }

    /** The GUID in an ibnetdiscover node id such as {@code S-0002c90200410d02}, or null. */
    static Long guidInId(String id) {
        if (id.length() < 3 || id.length() > 18 || id.charAt(1) != '-' || "SHR".indexOf(id.charAt(0)) < 0) {
            return null;
        }
        for (int i = 2; i < id.length(); i++) {
            if (Character.digit(id.charAt(i), 16) < 0) {
                return null;
            }
        }
        return Long.parseUnsignedLong(id, 2, id.length(), 16);
    }
}
