package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 24, acceptance 1: the routes the server walks through the switches' forwarding tables, as a real
 * discover-role agent read them from ibsim after opensm programmed them, equal {@code ibtracert}'s hop for hop
 * (out port, node type, in port, LID, name) for 50 random host pairs, on the 648-host fat tree and on a ring of
 * four switches with a doubled cable (two equal ways to the opposite switch, so opensm's choice matters); and
 * for every switch of the ring and 8 random switches of the fat tree, the out port {@code ibroute} dumps for
 * 20 random host LIDs is our route's first hop.
 * Each fabric has a server (and state store) of its own: ibsim gives both the same GUIDs.
 */
@AutoConfigureWebTestClient(timeout = "60s")
abstract class IbtracertParity {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int PAIRS = 50;
    private static final int DESTINATIONS_PER_SWITCH = 20;
    private static final int SWITCHES_DUMPED = 8;
    /** One entry of ibroute's dump: {@code 0x0005 019 : (Switch portguid 0x…: 'spine-1')}. */
    private static final Pattern IBROUTE_ENTRY = Pattern.compile("^0x([0-9a-f]+) (\\d+) :");
    /** One hop as ibtracert prints it: {@code [19] -> switch port {0x…}[1] lid 40-40 "spine-1"}. */
    private static final Pattern HOP = Pattern.compile("^\\[(\\d+)] -> (\\w+) port \\{0x[0-9a-f]+}\\[(\\d+)] lid (\\d+)-\\d+ \"(.*)\"$");

    static final String ADMIN_PASSWORD_HASH = "{bcrypt}$2a$04$meyztND9bLaJYGN/SpRtCOYjT88C3tEj.Jqt3Jmc/ZubRfCdVvTra";

    @LocalServerPort
    int port;
    @Autowired
    WebTestClient web;

    protected void compare(Path topology, String agentHost, int switches, int hosts, Path dir) throws Exception {
        try (IbsimFabric fabric = IbsimFabric.start(topology, agentHost)) {
            Path log = dir.resolve("agent.log");
            Process agent = fabric.client(agentHost, List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                    "--token", ServerTest.AGENT_TOKEN, "--interval", "10s", "--agent-id", "routes-" + hosts,
                    "--no-spool", "--role", "discover", "--discover-interval", "60s", "--tables-interval", "60s"), log);
            try {
                // Built from every switch's table, with every host's LID known.
                await(log, () -> {
                    JsonNode summary = get("/api/v1/routes").path("summary");
                    return summary.path("switches").asInt() == switches
                            && summary.path("switchTables").asInt() == switches
                            && summary.path("hosts").asInt() == hosts
                            && summary.path("routedPairs").asLong() == (long) hosts * (hosts - 1)
                            && hostLids().size() == hosts;
                });
                List<Integer> lids = hostLids();
                Random random = new Random(24);
                for (int i = 0; i < PAIRS; i++) {
                    int from = lids.get(random.nextInt(lids.size()));
                    int to = lids.get(random.nextInt(lids.size()));
                    if (from == to) {
                        i--;
                        continue;
                    }
                    IbsimFabric.ToolResult oracle = fabric.tool(agentHost, "ibtracert", String.valueOf(from),
                            String.valueOf(to));
                    assertThat(oracle.exitCode()).as("ibtracert %d %d: %s", from, to, oracle.stderr()).isZero();
                    assertThat(ours(from, to)).as("route %d -> %d; ibtracert says:%n%s", from, to, oracle.stdout())
                            .isEqualTo(hops(oracle.stdout()));
                }
                compareWithIbroute(fabric, agentHost, lids, random);
            } finally {
                agent.destroy();
            }
        }
    }

    /** Each CA port's LID, from the cables' ends in the topology (ports of hosts without agents are not swept). */
    private List<Integer> hostLids() {
        return new ArrayList<>(caLids(get("/api/v1/topology")).values());
    }

    /**
     * The tables of up to {@value #SWITCHES_DUMPED} random switches as {@code ibroute} dumps them, against the
     * first hop of our route from the switch (its port 0) to {@value #DESTINATIONS_PER_SWITCH} random hosts:
     * the out port the table names for each.
     */
    private void compareWithIbroute(IbsimFabric fabric, String agentHost, List<Integer> hostLids, Random random) {
        List<Integer> switches = new ArrayList<>(new java.util.TreeSet<>(
                lidsOf(get("/api/v1/topology"), "SWITCH").values()));
        // ibroute under umad2sim takes about 2 s a switch on the 648-host fabric: a random few of its 54
        java.util.Collections.shuffle(switches, random);
        for (int switchLid : switches.subList(0, Math.min(SWITCHES_DUMPED, switches.size()))) {
            IbsimFabric.ToolResult dump = fabric.tool(agentHost, "ibroute", String.valueOf(switchLid));
            assertThat(dump.exitCode()).as("ibroute %d: %s", switchLid, dump.stderr()).isZero();
            java.util.Map<Integer, Integer> table = new java.util.HashMap<>();
            for (String line : dump.stdout().lines().toList()) {
                Matcher m = IBROUTE_ENTRY.matcher(line.strip());
                if (m.find()) {
                    table.put(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2)));
                }
            }
            java.util.Map<Integer, Integer> expected = new java.util.TreeMap<>();
            java.util.Map<Integer, Integer> actual = new java.util.TreeMap<>();
            for (int i = 0; i < Math.min(DESTINATIONS_PER_SWITCH, hostLids.size()); i++) {
                int destination = hostLids.get(random.nextInt(hostLids.size()));
                expected.put(destination, table.get(destination));
                JsonNode hops = get("/api/v1/routes/" + switchLid + "/" + destination).path("route").path("hops");
                actual.put(destination, hops.isEmpty() ? null : hops.get(0).path("outPort").asInt());
            }
            assertThat(actual).as("switch LID %d: out port by destination LID; ibroute says:%n%s", switchLid,
                    dump.stdout()).isEqualTo(expected);
        }
    }

    /** CA port LIDs by "name[port]" from a {@code GET /api/v1/topology} answer. */
    static java.util.Map<String, Integer> caLids(JsonNode topology) {
        return lidsOf(topology, "CA");
    }

    /** LIDs by "name[port]" of the cable ends whose node is of {@code type} (a switch's ports all have its LID). */
    private static java.util.Map<String, Integer> lidsOf(JsonNode topology, String type) {
        java.util.Set<String> nodes = new java.util.HashSet<>();
        topology.path("nodes").forEach(n -> {
            if (n.path("type").asString().equals(type)) {
                nodes.add(n.path("guid").asString());
            }
        });
        java.util.Map<String, Integer> lids = new java.util.TreeMap<>();
        for (JsonNode link : topology.path("links")) {
            for (JsonNode end : List.of(link.path("a"), link.path("b"))) {
                if (nodes.contains(end.path("nodeGuid").asString()) && end.path("lid").asInt() > 0) {
                    lids.put(end.path("nodeName").asString() + "[" + end.path("port").asInt() + "]",
                            end.path("lid").asInt());
                }
            }
        }
        return lids;
    }

    /** ibtracert's hops, one line each: out port, node type, in port, LID, name. */
    private static List<String> hops(String ibtracert) {
        List<String> hops = new ArrayList<>();
        for (String line : ibtracert.lines().toList()) {
            Matcher m = HOP.matcher(line.strip());
            if (m.matches()) {
                hops.add(m.group(1) + " " + m.group(2) + " " + m.group(3) + " " + m.group(4) + " " + m.group(5));
            }
        }
        assertThat(hops).as("ibtracert printed no hop:%n%s", ibtracert).isNotEmpty();
        return hops;
    }

    /** The server's hops in ibtracert's words. */
    private List<String> ours(int from, int to) {
        JsonNode route = get("/api/v1/routes/" + from + "/" + to).path("route");
        assertThat(route.path("outcome").asString()).isEqualTo("ARRIVED");
        List<String> hops = new ArrayList<>();
        for (JsonNode hop : route.path("hops")) {
            JsonNode port = hop.path("to");
            String type = port.path("type").asString().equals("SWITCH") ? "switch" : "ca";
            hops.add(hop.path("outPort").asInt() + " " + type + " " + port.path("port").asInt() + " "
                    + port.path("lid").asInt() + " " + port.path("name").asString());
        }
        return hops;
    }

    JsonNode get(String uri) {
        // The 648-host fabric's port list is larger than the client's default 256 KB buffer.
        return JSON.readTree(web.mutate().codecs(c -> c.defaultCodecs().maxInMemorySize(64 << 20)).build()
                .get().uri(uri).headers(h -> h.setBasicAuth(ServerTest.ADMIN, ServerTest.ADMIN_PASSWORD))
                .exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
    }

    private void await(Path log, java.util.concurrent.Callable<Boolean> condition) throws IOException {
        try {
            Awaitility.await().atMost(Duration.ofSeconds(240)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                    .until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the routes were never built from every table; status: " + get("/api/v1/routes")
                    + "\nagent log:\n" + Files.readString(log), e);
        }
    }
}
