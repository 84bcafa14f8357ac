package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;

import java.util.Map;

/** A port's report in the ingest schema from its PortInfo and counters, the same for every caller. */
public final class PortReports {

    private PortReports() {
    }

    /**
     * @param lid      the LID the port answers to (a switch port's is its port 0's)
     * @param smLid    the master SM's LID as the port (a switch: its port 0) knows it
     * @param width    which of {@code counters} are 64-bit
     * @param peer     the far end; left out when the port is not physically up now (a stale cable)
     */
    public static PortReport of(int port, int lid, int smLid, PortInfo info, CounterWidth width,
                                Map<String, Long> counters, PeerPort peer) {
        return new PortReport(port, lid, smLid, info.state(), info.physical(), info.activeWidth(), info.activeSpeed(),
                info.supportedWidths(), info.supportedSpeeds(), PortReport.INFINIBAND, width.extendedData(),
                Map.copyOf(counters), info.cabled() ? peer : null, info.enabledWidths(), info.enabledSpeeds(),
                width.extendedErrors() ? Boolean.TRUE : null, null, info.faults());
    }
}
