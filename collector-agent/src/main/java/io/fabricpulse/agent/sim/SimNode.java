package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;

import java.util.ArrayList;
import java.util.List;

/**
 * One node of the simulated fabric: its fixed identity and its cabled ports.
 *
 * @param vendorId NodeInfo.VendorID from the topology, null when it has none
 * @param deviceId NodeInfo.DeviceID from the topology, null when it has none
 * @param numPorts the node's port count
 */
record SimNode(String guid, String systemImageGuid, NodeType type, String description, String hcaType,
               Integer vendorId, Integer deviceId, int numPorts, List<SimPort> ports) {

    NodeReport report(double t) {
        List<PortReport> reports = new ArrayList<>(ports.size());
        for (SimPort port : ports) {
            reports.add(port.report(t));
        }
        return new NodeReport(guid, systemImageGuid, type, description, hcaType, null, null, List.copyOf(reports),
                vendorId, deviceId, null, numPorts, null, null);
    }
}
