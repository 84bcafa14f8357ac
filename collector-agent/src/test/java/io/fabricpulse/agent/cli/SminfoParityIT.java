package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.CommandBatchMain;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * SMInfo under ibsim with two real opensm instances: sm-a (priority 10) becomes master, sm-b (priority 5)
 * standby. Our {@code sminfo} equals infiniband-diags' field for field (the activity count, which every query
 * moves by one, sits strictly between ours before and ours after), and the discover role reports both SMs as
 * {@code sminfo} sees them: the master its port names, the standby found by IsSM. Then the master stops and the
 * standby takes over, which the agent reports as the new master.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SminfoParityIT {

    private static final String AGENT_HOST = "agent-host";
    private static final Pattern LINE = Pattern.compile(
            "sminfo: sm lid (\\d+) sm guid (0x[0-9a-f]+), activity count (\\d+) priority (\\d+) state (\\d) (SMINFO_\\w+)");
    /** Fast SM-to-SM polling so the standby takes over within seconds (opensm's defaults: 10 s x 4). */
    private static final List<String> FAST_POLLING = List.of("sminfo_polling_timeout 1000", "polling_retry_number 2");
    private static final Duration WAIT = Duration.ofSeconds(60);

    private IbsimFabric fabric;
    private AgentJvm agent;
    private Process master;
    private int standbyLid;

    @BeforeAll
    void start(@TempDir Path workDir) throws Exception {
        fabric = IbsimFabric.start(FourHcaParityIT.resource("/topologies/sm-pair.net", workDir), "sm-a");
        master = fabric.startOpensm("sm-a", "master", FAST_POLLING, "-p", "10");
        awaitSminfo("sm-a", "", "SMINFO_MASTER");
        fabric.startOpensm("sm-b", "standby", FAST_POLLING, "-p", "5");
        standbyLid = lidOf("sm-b");
        awaitSminfo(AGENT_HOST, String.valueOf(standbyLid), "SMINFO_STANDBY");
        agent = fabric.agentJvm(AGENT_HOST, CommandBatchMain.class);
    }

    @AfterAll
    void stop() {
        if (agent != null) {
            agent.close();
        }
        if (fabric != null) {
            fabric.close();
        }
    }

    @Test
    @Order(1)
    void oursEqualsSminfosForTheMasterAndForTheStandby() {
        for (String target : List.of("", String.valueOf(standbyLid))) {
            IbsimFabric.ToolResult before = agent.run(("sminfo " + target).strip());
            IbsimFabric.ToolResult theirs = fabric.tool(AGENT_HOST, target.isEmpty() ? new String[]{"sminfo"}
                    : new String[]{"sminfo", target});
            IbsimFabric.ToolResult after = agent.run(("sminfo " + target).strip());
            assertThat(before.exitCode()).as(before.stderr()).isZero();
            assertThat(theirs.exitCode()).as(theirs.stderr()).isZero();
            Matcher ours = parse(before.stdout());
            Matcher real = parse(theirs.stdout());
            Matcher later = parse(after.stdout());
            for (int field : new int[]{1, 2, 4, 5, 6}) {
                assertThat(ours.group(field)).as("field %d of '%s' against '%s'", field, before.stdout(), theirs.stdout())
                        .isEqualTo(real.group(field));
            }
            long a = Long.parseLong(ours.group(3));
            long b = Long.parseLong(real.group(3));
            long c = Long.parseLong(later.group(3));
            assertThat(b).as("every SMInfo query moves the count: sminfo's sits between ours").isGreaterThan(a).isLessThan(c);
        }
        assertThat(parse(agent.run("sminfo").stdout()).group(6)).isEqualTo("SMINFO_MASTER");
        assertThat(parse(agent.run("sminfo " + standbyLid).stdout()).group(6)).isEqualTo("SMINFO_STANDBY");
    }

    @Test
    @Order(2)
    void theDiscoverRoleReportsBothSmsAsSminfoSeesThem() throws Exception {
        List<SubnetManagerReport> reported = discoverOnce();
        Matcher masterLine = parse(fabric.tool(AGENT_HOST, "sminfo").stdout());
        Matcher standbyLine = parse(fabric.tool(AGENT_HOST, "sminfo", String.valueOf(standbyLid)).stdout());

        assertThat(reported).hasSize(2);
        SubnetManagerReport named = reported.stream().filter(SubnetManagerReport::registered).findFirst().orElseThrow();
        SubnetManagerReport found = reported.stream().filter(r -> !r.registered()).findFirst().orElseThrow();
        assertSame(named, masterLine, SmState.MASTER);
        assertSame(found, standbyLine, SmState.STANDBY);
        assertThat(named.via()).isEqualTo(found.via()).startsWith("0x");
    }

    @Test
    @Order(3)
    void whenTheMasterStopsTheStandbyTakesOverAndTheAgentSaysSo() throws Exception {
        fabric.stopProcess(master);
        awaitSminfo(AGENT_HOST, String.valueOf(standbyLid), "SMINFO_MASTER");

        Instant deadline = Instant.now().plus(WAIT);
        List<SubnetManagerReport> reported = discoverOnce();
        while (reported.stream().noneMatch(r -> r.answered() && r.state() == SmState.MASTER && r.lid() == standbyLid)
                && Instant.now().isBefore(deadline)) {
            reported = discoverOnce();
        }
        assertThat(reported).filteredOn(r -> r.answered() && r.state() == SmState.MASTER)
                .extracting(SubnetManagerReport::lid).containsExactly(standbyLid);
        assertThat(reported).filteredOn(r -> r.lid() == 1).allSatisfy(r -> {
            assertThat(r.answered()).as("the old master's port no longer answers: %s", r).isFalse();
            assertThat(r.error()).contains("SMInfo");
        });
    }

    private List<SubnetManagerReport> discoverOnce() throws Exception {
        try (RecordingIngestServer server = new RecordingIngestServer()) {
            IbsimFabric.ToolResult run = agent.run("run --once --role discover --server " + server.baseUri()
                    + " --token it-token --agent-id sm-it");
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            IngestBatch batch = server.takeRequest(WAIT).batch();
            assertThat(batch.subnetManagers()).isNotNull();
            return batch.subnetManagers();
        }
    }

    private static void assertSame(SubnetManagerReport report, Matcher sminfo, SmState state) {
        assertThat(report.error()).isNull();
        assertThat(report.lid()).isEqualTo(Integer.parseInt(sminfo.group(1)));
        assertThat(Long.parseLong(report.guid().substring(2), 16)).isEqualTo(Long.parseLong(sminfo.group(2).substring(2), 16));
        assertThat(report.priority()).isEqualTo(Integer.parseInt(sminfo.group(4)));
        assertThat(report.state()).isEqualTo(state);
        assertThat(report.state().code()).isEqualTo(Integer.parseInt(sminfo.group(5)));
        assertThat(report.activityCount()).as("read before sminfo's").isLessThan(Long.parseLong(sminfo.group(3)));
        assertThat(report.faults()).isNull();
    }

    private static Matcher parse(String line) {
        Matcher m = LINE.matcher(line.strip());
        if (!m.matches()) {
            fail("not an sminfo line: '" + line + "'");
        }
        return m;
    }

    private int lidOf(String host) {
        IbsimFabric.ToolResult info = fabric.tool(host, "smpquery", "-D", "portinfo", "0", "1");
        return Integer.parseInt(info.stdout().lines().filter(l -> l.startsWith("Lid:")).findFirst().orElseThrow()
                .replaceAll("\\D", ""));
    }

    private void awaitSminfo(String host, String lid, String state) {
        Instant deadline = Instant.now().plus(WAIT);
        while (Instant.now().isBefore(deadline)) {
            IbsimFabric.ToolResult sm = lid.isEmpty() ? fabric.tool(host, "sminfo") : fabric.tool(host, "sminfo", lid);
            if (sm.exitCode() == 0 && sm.stdout().contains(state)) {
                return;
            }
        }
        fail("sminfo " + lid + " on " + host + " never said " + state);
    }
}
