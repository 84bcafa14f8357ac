package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;

import java.util.List;

/** Finding things in a poll's reports. */
final class Reports {

    private Reports() {
    }

    static NodeReport node(List<NodeReport> reports, String description) {
        return reports.stream().filter(n -> n.description().equals(description)).findFirst()
                .orElseThrow(() -> new AssertionError("no node \"" + description + "\" in the reports"));
    }

    static PortReport port(List<NodeReport> reports, String description, int port) {
        return node(reports, description).ports().stream().filter(p -> p.portNumber() == port).findFirst()
                .orElseThrow(() -> new AssertionError("no port [" + port + "] on \"" + description + "\""));
    }

    static long counter(List<NodeReport> reports, String description, int port, PortCounter counter) {
        return port(reports, description, port).counters().get(counter.ibaName());
    }
}
