package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.SmInfo;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;

/**
 * {@code sminfo [sm_lid]} in-process: SMInfo of the master SM the local port names (or of the SM at the LID
 * given), printed as infiniband-diags' sminfo prints it. Reading only: sminfo's {@code -s/-p/-a} Set forms
 * are not offered.
 */
@Command(name = "sminfo", mixinStandardHelpOptions = true,
        description = "Query SMInfo of the master SM (or the SM at LID) like sminfo.")
public final class SminfoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    UmadConnectionOptions connection;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SM_LID", converter = DiagsNumberConverter.class,
            description = "LID of the SM to ask (default: the master SM the local port names)")
    Integer lid;

    private final Clock clock;

    public SminfoCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (UmadSession session = connection.open(clock)) {
            int smLid = lid != null ? lid : session.port().smLid();
            MadRoute route;
            try {
                route = new MadRoute.Lid(smLid);
            } catch (IllegalArgumentException e) {
                err.println("sminfo: no SM to ask: " + (lid == null
                        ? "the local port names no master SM (SMLid " + smLid + ")" : e.getMessage()));
                return 1;
            }
            SmInfo info = SmInfo.decode(MadData.of(session.engine().call(Mads.smpGet(route, MadAttribute.SM_INFO, 0))));
            out.println(line(smLid, info));
            out.flush();
            return 0;
        } catch (UmadUnavailableException | MadException e) {
            err.println("sminfo: " + e.getMessage());
            return 1;
        }
    }

    /** sminfo's one line: {@code sminfo: sm lid 1 sm guid 0x100001, activity count 42 priority 10 state 3 SMINFO_MASTER}. */
    static String line(int smLid, SmInfo info) {
        return "sminfo: sm lid %d sm guid 0x%x, activity count %d priority %d state %d %s".formatted(smLid, info.guid(),
                info.activityCount(), info.priority(), info.stateCode(), info.stateName());
    }
}
