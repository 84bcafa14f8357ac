package io.fabricpulse.agent.command;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.PortCounterValues;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.PortCountersExtendedField;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.umad.MadEngine;
import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.command.CommandResult;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;

import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Orders executed with MADs through the engines the poll already uses (a second registration of the same classes
 * would take their answers away from the poll under umad2sim): the same Sets {@code perfquery -R} and
 * {@code ibportstate} send, LID-routed.
 */
public final class MadPortActions implements PortActions {

    /** What PortCounters can clear: all but the four counters only PortCountersExtended has. */
    static final Set<PortCounter> BASIC = EnumSet.complementOf(EnumSet.of(PortCounter.PortUnicastXmitPkts,
            PortCounter.PortUnicastRcvPkts, PortCounter.PortMulticastXmitPkts, PortCounter.PortMulticastRcvPkts));

    /** Disabled, then this long before enabled again: enough for both ends to notice the link went down. */
    static final Duration BOUNCE_PAUSE = Duration.ofSeconds(2);
    private static final int POLLING = PhysicalState.POLLING.code();
    private static final int DISABLED = PhysicalState.DISABLED.code();

    private final Supplier<Optional<MadEngine>> engines;

    /** @param engines an engine open on a local port, empty before the first poll opened one */
    public MadPortActions(Supplier<Optional<MadEngine>> engines) {
        this.engines = engines;
    }

    @Override
    public CommandResult setPortState(String agentId, KnownPorts.Target port, CommandKind kind)
            throws InterruptedException {
        Optional<MadEngine> engine = engines.get();
        if (engine.isEmpty()) {
            return failed(agentId, "no MAD engine to send the PortInfo Set through (the source is not umad, or no "
                    + "local port is open yet)", null);
        }
        String name = port.nodeGuid() + " port " + port.portNumber() + " at LID " + port.lid();
        try {
            PhysicalState now = switch (kind) {
                case PORT_DISABLE -> physState(engine.get(), port, DISABLED);
                case PORT_ENABLE -> physState(engine.get(), port, POLLING);
                case PORT_BOUNCE -> {
                    physState(engine.get(), port, DISABLED);
                    Thread.sleep(BOUNCE_PAUSE);
                    yield physState(engine.get(), port, POLLING);
                }
                case CLEAR_COUNTERS -> throw new IllegalArgumentException(kind + " is not a port state");
            };
            return new CommandResult(agentId, CommandResult.Outcome.DONE, kind.id() + " of " + name
                    + " done (PortInfo Set); PhysLinkState now " + (now == null ? "unknown" : now.name()), null);
        } catch (MadException e) {
            return failed(agentId, kind.id() + " of " + name + " failed: " + e.getMessage(), null);
        }
    }

    /** PortInfo Get, then the Set of PhysPortState as ibportstate sends it; the state the Set's answer reports. */
    private static PhysicalState physState(MadEngine mads, KnownPorts.Target port, int physState) throws MadException {
        byte[] current = mads.call(Mads.smpGet(new MadRoute.Lid(port.lid()), MadAttribute.PORT_INFO, port.portNumber()));
        byte[] answer = mads.call(Mads.portInfoSet(port.lid(), port.portNumber(), current, physState));
        return PhysicalState.ofCode(PortInfo.decode(MadData.of(answer)).physicalState());
    }

    @Override
    public CommandResult clearCounters(String agentId, KnownPorts.Target port) {
        Optional<MadEngine> engine = engines.get();
        if (engine.isEmpty()) {
            return failed(agentId, "no MAD engine to send the clear through (the source is not umad, or no local port is open yet)", null);
        }
        MadEngine mads = engine.get();
        int lid = port.lid();
        int number = port.portNumber();
        Map<String, Long> before = new LinkedHashMap<>();
        try {
            ClassPortInfo cpi = ClassPortInfo.decode(MadData.of(mads.call(
                    Mads.perfGet(lid, MadAttribute.PERF_CLASS_PORT_INFO, number))));
            PortCounterValues.addPortCounters(before, MadData.of(mads.call(
                    Mads.perfGet(lid, MadAttribute.PORT_COUNTERS, number))), cpi);
            if (cpi.hasExtendedCounters()) {
                PortCounterValues.addExtended(before, MadData.of(mads.call(
                        Mads.perfGet(lid, MadAttribute.PORT_COUNTERS_EXTENDED, number))), cpi);
            }
            mads.call(Mads.clearPortCounters(lid, number, BASIC));
            String how = "PortCounters Set";
            if (cpi.hasExtendedCounters()) {
                mads.call(Mads.clearPortCountersExtended(lid, number,
                        cpi.covers(PortCountersExtendedField.Group.ADDITIONAL)));
                how += " and PortCountersExtended Set";
            }
            return new CommandResult(agentId, CommandResult.Outcome.DONE, "cleared the counters of " + port.nodeGuid()
                    + " port " + number + " at LID " + lid + " (" + how + ")", before);
        } catch (MadException e) {
            return failed(agentId, "clear of " + port.nodeGuid() + " port " + number + " at LID " + lid + " failed: "
                    + e.getMessage(), before.isEmpty() ? null : before);
        }
    }

    private static CommandResult failed(String agentId, String message, Map<String, Long> before) {
        return new CommandResult(agentId, CommandResult.Outcome.FAILED, message, before);
    }
}
