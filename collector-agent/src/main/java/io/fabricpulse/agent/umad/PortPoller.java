package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.NodeInfo;
import io.fabricpulse.agent.mad.PortCounterValues;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.mad.PortReports;
import io.fabricpulse.agent.mad.SmInfo;
import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The MADs behind one port's sample, through the engine of the local port the route starts at:
 * PortInfo by directed route (works before an SM gave LIDs), ClassPortInfo, then the 64-bit
 * PortCountersExtended when it says they exist, PortCounters for the error counters.
 */
final class PortPoller {

    private final MadEngine engine;

    PortPoller(MadEngine engine) {
        this.engine = engine;
    }

    MadData get(MadRoute route, MadAttribute attribute, int modifier) throws MadException {
        return MadData.of(engine.call(Mads.smpGet(route, attribute, modifier)));
    }

    NodeInfo nodeInfo(MadRoute route) throws MadException {
        return NodeInfo.decode(get(route, MadAttribute.NODE_INFO, 0));
    }

    PortInfo portInfo(MadRoute route, int port) throws MadException {
        return PortInfo.decode(get(route, MadAttribute.PORT_INFO, port));
    }

    /** A sample of port {@code port} of the node at {@code lid}; counters stay empty when it has no LID. */
    PortReport sample(int lid, int port, PortInfo info, PeerPort peer) throws MadException {
        Map<String, Long> counters = new LinkedHashMap<>();
        CounterWidth width = CounterWidth.BASIC;
        if (lid > 0 && lid < 0xC000) {
            ClassPortInfo cpi = ClassPortInfo.decode(MadData.of(engine.call(
                    Mads.perfGet(lid, MadAttribute.PERF_CLASS_PORT_INFO, port))));
            PortCounterValues.addPortCounters(counters, MadData.of(engine.call(
                    Mads.perfGet(lid, MadAttribute.PORT_COUNTERS, port))), cpi);
            if (cpi.hasExtendedCounters()) {
                width = CounterWidth.of(true, PortCounterValues.extendedErrors(cpi));
                PortCounterValues.addExtended(counters, MadData.of(engine.call(
                        Mads.perfGet(lid, MadAttribute.PORT_COUNTERS_EXTENDED, port))), cpi);
            }
        }
        return PortReports.of(port, info.lid(), info.smLid(), info, width, counters, peer);
    }

    /** SMInfo of the SM at {@code route} (what {@code sminfo} asks). */
    SmInfo smInfo(MadRoute route) throws MadException {
        return SmInfo.decode(get(route, MadAttribute.SM_INFO, 0));
    }
}
