package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.NodeType;

/**
 * SMP NodeInfo, decoded.
 *
 * @param localPortNumber the port the query entered the node by: for a one-hop directed route from
 *                        a host, the switch port the host's cable plugs into
 */
public record NodeInfo(NodeType nodeType, int numPorts, long systemImageGuid, long nodeGuid, long portGuid,
                       int deviceId, long revision, int localPortNumber, int vendorId) {

    public static NodeInfo decode(MadData data) throws MadDecodeException {
        int type = (int) data.get(NodeInfoField.NodeType);
        NodeType nodeType = switch (type) {
            case 1 -> NodeType.CA;
            case 2 -> NodeType.SWITCH;
            case 3 -> NodeType.ROUTER;
            default -> throw new MadDecodeException("NodeInfo.NodeType " + type + " is not 1 (CA), 2 (switch) or 3 (router)");
        };
        return new NodeInfo(nodeType, (int) data.get(NodeInfoField.NumPorts), data.get(NodeInfoField.SystemGuid),
                data.get(NodeInfoField.Guid), data.get(NodeInfoField.PortGuid), (int) data.get(NodeInfoField.DevId),
                data.get(NodeInfoField.Revision), (int) data.get(NodeInfoField.LocalPort),
                (int) data.get(NodeInfoField.VendorId));
    }
}
