package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRequest;
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
import java.util.concurrent.CompletableFuture;

/**
 * The MADs behind one port's sample, through the engine of the local port the route starts at:
 * PortInfo by directed route (works before an SM gave LIDs), ClassPortInfo, then the 64-bit
 * PortCountersExtended when it says they exist, PortCounters for the error counters. Requests that do
 * not depend on each other go out together ({@link #ask}, then {@link Asked#answer()}).
 */
final class PortPoller {

    private final MadEngine engine;

    PortPoller(MadEngine engine) {
        this.engine = engine;
    }

    /** A request already on its way; its answer is awaited later. */
    record Asked(MadEngine engine, MadRequest request, CompletableFuture<byte[]> future) {
        MadData answer() throws MadException {
            return MadData.of(engine.await(request, future));
        }
    }

    Asked ask(MadRequest request) {
        return new Asked(engine, request, engine.submit(request));
    }

    Asked askSmp(MadRoute route, MadAttribute attribute, int modifier) {
        return ask(Mads.smpGet(route, attribute, modifier));
    }

    MadData get(MadRoute route, MadAttribute attribute, int modifier) throws MadException {
        return askSmp(route, attribute, modifier).answer();
    }

    NodeInfo nodeInfo(MadRoute route) throws MadException {
        return NodeInfo.decode(get(route, MadAttribute.NODE_INFO, 0));
    }

    PortInfo portInfo(MadRoute route, int port) throws MadException {
        return PortInfo.decode(get(route, MadAttribute.PORT_INFO, port));
    }

    /** A sample of port {@code port} of the node at {@code lid}; counters stay empty when it has no LID. */
    PortReport sample(int lid, int port, PortInfo info, PeerPort peer) throws MadException {
        return startSample(lid, port).finish(info, peer);
    }

    /**
     * Sends a sample's first two requests (ClassPortInfo and PortCounters, which do not depend on each
     * other); {@link Sample#finish} awaits them and asks PortCountersExtended when ClassPortInfo says so.
     */
    Sample startSample(int lid, int port) {
        if (lid <= 0 || lid >= 0xC000) {
            return new Sample(port, null, null);
        }
        return new Sample(port, ask(Mads.perfGet(lid, MadAttribute.PERF_CLASS_PORT_INFO, port)),
                ask(Mads.perfGet(lid, MadAttribute.PORT_COUNTERS, port)));
    }

    /** A sample whose first requests are in flight (both null when the port has no LID to ask). */
    final class Sample {
        private final int port;
        private final Asked classPortInfo;
        private final Asked portCounters;

        private Sample(int port, Asked classPortInfo, Asked portCounters) {
            this.port = port;
            this.classPortInfo = classPortInfo;
            this.portCounters = portCounters;
        }

        PortReport finish(PortInfo info, PeerPort peer) throws MadException {
            Map<String, Long> counters = new LinkedHashMap<>();
            CounterWidth width = CounterWidth.BASIC;
            if (classPortInfo != null) {
                ClassPortInfo cpi = ClassPortInfo.decode(classPortInfo.answer());
                PortCounterValues.addPortCounters(counters, portCounters.answer(), cpi);
                if (cpi.hasExtendedCounters()) {
                    width = CounterWidth.of(true, PortCounterValues.extendedErrors(cpi));
                    PortCounterValues.addExtended(counters, MadData.of(engine.call(Mads.perfGet(
                            classPortInfo.request().dlid(), MadAttribute.PORT_COUNTERS_EXTENDED, port))), cpi);
                }
            }
            return PortReports.of(port, info.lid(), info.smLid(), info, width, counters, peer);
        }
    }

    /** SMInfo of the SM at {@code route} (what {@code sminfo} asks). */
    SmInfo smInfo(MadRoute route) throws MadException {
        return SmInfo.decode(get(route, MadAttribute.SM_INFO, 0));
    }
}
