package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.umad.MadEngine;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;

/**
 * {@code perfquery [-x] [lid [port]]} in-process: the same PerfMgt requests as infiniband-diags'
 * perfquery (ClassPortInfo, then PortCounters or PortCountersExtended) and its output, line for line.
 */
@Command(name = "perfquery", mixinStandardHelpOptions = true,
        description = "Read a port's performance counters, as infiniband-diags' perfquery prints them.")
public final class PerfqueryCommand implements Callable<Integer> {

    /** PortSelect 255: the node's AllPortSelect aggregate of every port. */
    private static final int ALL_PORTS = 255;

    @Spec
    CommandSpec spec;

    @Mixin
    UmadConnectionOptions connection;

    @Option(names = {"-x", "--extended"}, description = "64-bit PortCountersExtended")
    boolean extended;

    @Parameters(index = "0", arity = "0..1", paramLabel = "LID", converter = DiagsNumberConverter.class,
            description = "target LID, decimal or 0x hex (default: the local port)")
    Integer lid;

    @Parameters(index = "1", arity = "0..1", paramLabel = "PORT", converter = DiagsNumberConverter.class,
            description = "port of the target, 255 for all ports (default: 0, or the local port number when no LID "
                    + "is given)")
    Integer targetPort;

    private final Clock clock;

    public PerfqueryCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (UmadSession session = connection.open(clock)) {
            int targetLid = lid != null ? lid : session.port().baseLid();
            int port = targetPort != null ? targetPort : lid == null ? session.port().portNumber() : 0;
            out.print(query(session.engine(), targetLid, port, err));
            out.flush();
            return 0;
        } catch (UmadUnavailableException | MadException | AllPortSelectUnsupportedException e) {
            err.println("perfquery: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("perfquery: " + e.getMessage());
            return 2;
        }
    }

    private String query(MadEngine engine, int targetLid, int port, PrintWriter err) throws MadException,
            AllPortSelectUnsupportedException {
        ClassPortInfo cpi = ClassPortInfo.decode(MadData.of(engine.call(
                Mads.perfGet(targetLid, MadAttribute.PERF_CLASS_PORT_INFO, port))));
        if (port == ALL_PORTS && !cpi.has(ClassPortInfo.ALL_PORT_SELECT)) {
            // perfquery refuses too, before sending PortCounters: the node would answer with a status error
            throw new AllPortSelectUnsupportedException(
                    "Lid %d: AllPortSelect not supported (PerfMgt ClassPortInfo CapMask 0x%04X); ask one port at a time"
                            .formatted(targetLid, cpi.capabilityMask()));
        }
        if (!extended) {
            MadData pc = MadData.of(engine.call(Mads.perfGet(targetLid, MadAttribute.PORT_COUNTERS, port)));
            return PerfqueryPrinter.counters(targetLid, port, cpi, pc);
        }
        if (!cpi.hasExtendedCounters()) {
            // perfquery warns and asks anyway
            err.printf("perfquery: PerfMgt ClassPortInfo CapMask 0x%02X; No extended counter support indicated\n",
                    cpi.capabilityMask());
        }
        MadData pc = MadData.of(engine.call(Mads.perfGet(targetLid, MadAttribute.PORT_COUNTERS_EXTENDED, port)));
        return PerfqueryPrinter.extendedCounters(targetLid, port, cpi, pc);
    }

    /** The target cannot aggregate its ports, so a PortSelect of 255 has no answer. */
    private static final class AllPortSelectUnsupportedException extends Exception {
        AllPortSelectUnsupportedException(String message) {
            super(message);
        }
    }
}
