package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRequest;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.SmInfo;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.SubnetManagerReport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * One SMInfo Get, as {@code sminfo} sends it, turned into what the agent reports: the answer with its
 * faults, or why there was none. Never throws for the fabric's sake: a time-out is an answer too (the SM
 * did not reply), which the server needs to tell "no master" from "not asked".
 */
public final class SubnetManagerQuery {

    private SubnetManagerQuery() {
    }

    /**
     * @param send       sends a request and completes with the checked response (an engine's {@code submit})
     * @param route      to the SM's port: its LID, or a directed route
     * @param lid        the LID the SM answers to, 0 when asked by directed route without one
     * @param registered whether the querying port names this SM as its master
     * @param via        the querying port, {@code <node GUID>:<port>}
     */
    public static SubnetManagerReport ask(Function<MadRequest, CompletableFuture<byte[]>> send, MadRoute route,
                                          int lid, boolean registered, String via) {
        try {
            SmInfo info = SmInfo.decode(MadData.of(await(send.apply(Mads.smpGet(route, MadAttribute.SM_INFO, 0)))));
            return new SubnetManagerReport(lid, Guids.format(info.guid()), info.priority(), info.state(),
                    info.activityCount(), registered, via, null, info.faults());
        } catch (MadException e) {
            return new SubnetManagerReport(lid, null, null, null, null, registered, via, e.getMessage(), null);
        }
    }

    /** The SM that a port naming {@code smLid} as its master would ask: none is named, so none is asked. */
    public static SubnetManagerReport noneNamed(String via) {
        return new SubnetManagerReport(0, null, null, null, null, true, via,
                "the port names no master SM (PortInfo MasterSMLID 0): no subnet manager has configured it", null);
    }

    /** The engine completes every request (answer, error status or its last time-out), so this returns. */
    private static byte[] await(CompletableFuture<byte[]> future) throws MadException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof MadException mad) {
                throw mad;
            }
            throw new MadTransportException("SMInfo failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MadTransportException("interrupted while asking SMInfo", e);
        }
    }
}
