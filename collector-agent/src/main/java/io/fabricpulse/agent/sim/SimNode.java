package io.fabricpulse.agent.sim;

import io.fabricpulse.agent.report.NodeReport;
import io.fabricpulse.agent.report.NodeType;
import io.fabricpulse.agent.report.PortReport;

import java.util.ArrayList;
import java.util.List;

/** One node of the simulated fabric: its fixed identity and its cabled ports. */
record SimNode(String guid, String systemImageGuid, NodeType type, String description, String hcaType, List<SimPort> ports) {

    NodeReport report(double t) {
        List<PortReport> reports = new ArrayList<>(ports.size());
        for (SimPort port : ports) {
            reports.add(port.report(t));
        }
        return new NodeReport(guid, systemImageGuid, type, description, hcaType, null, null, List.copyOf(reports));
    }
}
