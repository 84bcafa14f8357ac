package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.FatTreeTopology;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentOrders;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22, acceptance 4 and 3: three discover-role agents (the agent jar, in child JVMs under umad2sim) sweep the
 * 648-host fat tree (54 switches); the server splits the switches among them and, counted from the batches the server
 * received, every switch port is swept by exactly one agent in each interval. One agent is killed (SIGKILL): its
 * long-poll closes under it, so within the grace its switches move to the other two, which sweep them at once; it is
 * started again: once heard steadily the split is made afresh with it, balanced. The other two stop: the one left gets no shard and sweeps every port again, as a single agent always did.
 * None of the agents was started with --allow-port-control: a disable of a switch port is refused by the agent that
 * sweeps it, and the command view says "refused by agent policy".
 *
 * <p>Prints the poll-to-arrival time per batch (the agent's poll start to the server holding the batch: the sweep,
 * the encoding and the push) with three agents and with the one left (warm), and how long the takeover took (from the
 * kill to the survivors' batch that completes the dead agent's switches), with the machine's load.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "fabricpulse.security.admin-password={bcrypt}$2a$04$meyztND9bLaJYGN/SpRtCOYjT88C3tEj.Jqt3Jmc/ZubRfCdVvTra",
        // Its own state store: the split is one row, and other classes' discover agents must not be in it.
        "spring.r2dbc.url=r2dbc:h2:mem:///sharded-sweeps?options=DB_CLOSE_DELAY=-1",
        "fabricpulse.sweeps.plan-interval=250ms",
        "fabricpulse.sweeps.first-interval=" + ShardedSweepIbsimIT.INTERVAL_SECONDS + "s"})
class ShardedSweepIbsimIT extends ServerTest {

    static final int INTERVAL_SECONDS = 2;
    private static final Duration INTERVAL = Duration.ofSeconds(INTERVAL_SECONDS);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> AGENTS = List.of("sweeper-a", "sweeper-b", "sweeper-c");
    /** Each agent on the first host of its own leaf. */
    private static final Map<String, String> HOSTS = Map.of("sweeper-a", FatTreeTopology.host(1, 1),
            "sweeper-b", FatTreeTopology.host(2, 1), "sweeper-c", FatTreeTopology.host(3, 1));

    @LocalServerPort
    int port;
    @Autowired
    Received received;

    /** Every batch the server took, as it took it: who sent it, when, and the switch ports it carries counters of. */
    record Batch(String agentId, Instant arrivedAt, Instant collectedAt, Set<String> switchPorts) {
    }

    static final class Received implements AgentOrders {

        final List<Batch> batches = new CopyOnWriteArrayList<>();
        final Map<String, String> switchNames = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public Mono<List<AgentCommand>> take(IngestBatch batch, AgentCredential agent) {
            Set<String> ports = new HashSet<>();
            for (NodeReport node : batch.nodes()) {
                if (node.type() != NodeType.SWITCH) {
                    continue;
                }
                switchNames.putIfAbsent(node.guid(), node.description());
                for (PortReport p : node.ports()) {
                    if (p.counters() != null && !p.counters().isEmpty()) {
                        ports.add(node.guid() + "/" + p.portNumber());
                    }
                }
            }
            batches.add(new Batch(batch.agentId(), Instant.now(), batch.collectedAt(), Set.copyOf(ports)));
            return Mono.just(List.of());
        }

        /** Orders without a batch (the long-poll): this test queues none through here. */
        @Override
        public Mono<List<AgentCommand>> takeWaiting(String agentId, AgentCredential agent) {
            return Mono.just(List.of());
        }

        List<Batch> since(Instant from) {
            return batches.stream().filter(b -> b.arrivedAt().isAfter(from)).toList();
        }
    }

    @TestConfiguration
    static class Recording {
        @Bean
        Received received() {
            return new Received();
        }
    }

    @Test
    void threeDiscoverAgentsSplitTheFatTreeAndTakeOverFromOneThatStops(@TempDir Path dir) throws Exception {
        Path topology = FatTreeTopology.write(dir.resolve("fat-tree-648.net"), 36);
        try (IbsimFabric fabric = IbsimFabric.start(topology, FatTreeTopology.host(36, 18))) {
            Map<String, Process> agents = new HashMap<>();
            try {
                // Three agents at once. Each one's first batch comes before any answer: it sweeps every port.
                for (String agent : AGENTS) {
                    agents.put(agent, agent(fabric, dir, agent));
                }
                await(dir, () -> !batchesOf("sweeper-a", Instant.EPOCH).isEmpty());
                Set<String> everyPort = batchesOf("sweeper-a", Instant.EPOCH).getFirst().switchPorts();
                assertThat(everyPort).as("the fat tree's cabled switch ports").hasSizeGreaterThan(1900);

                // The server splits the switches among the three (exactly once per interval is counted after the
                // restart below, where the split is made afresh): which switches does sweeper-c sweep?
                JsonNode split = awaitSplitAmong(dir, AGENTS);
                Set<String> orphanedSwitches = new HashSet<>();
                for (JsonNode shard : split.path("switches")) {
                    if (shard.path("agentId").asString().equals("sweeper-c")) {
                        orphanedSwitches.add(shard.path("switchGuid").asString());
                    }
                }
                assertThat(orphanedSwitches).hasSizeBetween(17, 19);
                Set<String> orphaned = new HashSet<>();
                everyPort.stream().filter(p -> orphanedSwitches.contains(p.substring(0, p.indexOf('/'))))
                        .forEach(orphaned::add);

                // Kill one (SIGKILL: no goodbye; the kernel closes its long-poll): its switches move to the other two,
                // which sweep them at once. Counted from the kill to the batch of a survivor that completes them.
                Process stopped = agents.remove("sweeper-c");
                Instant killed = Instant.now();
                stopped.destroyForcibly();
                stopped.waitFor();
                await(dir, () -> takenOverAt(orphaned, killed) != null);
                Duration takeover = Duration.between(killed, takenOverAt(orphaned, killed));

                // Back again: split afresh among three, balanced.
                agents.put("sweeper-c", agent(fabric, dir, "sweeper-c"));
                Map<String, Set<String>> rebalanced = sweptOnceEachInterval(dir, AGENTS, everyPort);
                rebalanced.values().forEach(ports -> assertThat(ports.size())
                        .as("a balanced third of %d ports", everyPort.size())
                        .isBetween(everyPort.size() / 3 - 36, everyPort.size() / 3 + 36));
                Instant rebalancedAt = Instant.now();
                JsonNode view = sweeps();
                assertThat(view.path("switches")).as(view.toString()).hasSize(54);

                // Acceptance 3: no agent here may change a port's state; the one that sweeps the port says so.
                refusedByPolicy(dir);

                // Warm, alone again: the other two stop; after their silence the one left sweeps every port.
                for (String agent : List.of("sweeper-b", "sweeper-c")) {
                    Process stopping = agents.remove(agent);
                    stopping.destroy();
                    stopping.waitFor();
                }
                Instant stoppedAt = Instant.now();
                await(dir, () -> batchesOf("sweeper-a", stoppedAt).stream()
                        .filter(b -> b.switchPorts().equals(everyPort)).count() >= 3);
                List<Batch> steadyAlone = batchesOf("sweeper-a", stoppedAt).stream()
                        .filter(b -> b.switchPorts().equals(everyPort)).toList();
                JsonNode alone = sweeps();
                assertThat(alone.path("sharded").asBoolean()).as("one agent: no split, as before").isFalse();
                List<Batch> threeBatches = received.since(rebalancedAt.minus(INTERVAL.multipliedBy(4))).stream()
                        .filter(b -> b.arrivedAt().isBefore(rebalancedAt))
                        .filter(b -> b.switchPorts().size() < everyPort.size()).toList();
                System.out.printf("sharded sweeps, %d switch ports: poll-to-arrival per batch, one agent: median %d ms"
                                + " (%s); three agents: median %d ms (%s); takeover after a SIGKILL: %d ms (interval %d s,"
                                + " load %.1f)%n", everyPort.size(), median(steadyAlone), spread(steadyAlone),
                        median(threeBatches), spread(threeBatches), takeover.toMillis(), INTERVAL_SECONDS,
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            } finally {
                agents.values().forEach(Process::destroy);
            }
        }
    }

    private Process agent(IbsimFabric fabric, Path dir, String agentId) {
        return fabric.client(HOSTS.get(agentId), List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                "--token", AGENT_TOKEN, "--interval", INTERVAL_SECONDS + "s", "--agent-id", agentId, "--no-spool",
                "--role", "discover", "--discover-interval", "30s", "--tables-interval", "0s"),
                dir.resolve(agentId + "-" + UUID.randomUUID() + ".log"));
    }

    /**
     * Waits until the split in force is among exactly {@code members}, then until each sent a batch two intervals
     * later: the shard rides in the answer to one push, and the poll after it sweeps by it. Returns the view that
     * showed the split (its version and each switch's agent).
     */
    private JsonNode awaitSplitAmong(Path dir, List<String> members) throws IOException {
        JsonNode[] split = new JsonNode[1];
        await(dir, () -> {
            JsonNode view = sweeps();
            Set<String> inSplit = new TreeSet<>();
            for (JsonNode agent : view.path("agents")) {
                if (agent.path("inSplit").asBoolean()) {
                    inSplit.add(agent.path("agentId").asString());
                }
            }
            split[0] = view;
            return view.path("sharded").asBoolean() && inSplit.equals(new TreeSet<>(members));
        });
        Instant made = Instant.now();
        await(dir, () -> members.stream()
                .allMatch(agent -> !batchesOf(agent, made.plus(INTERVAL.multipliedBy(2))).isEmpty()));
        return split[0];
    }

    /**
     * Over three intervals of one split among {@code members}: every switch port is swept by exactly one of them
     * and by it in each of its batches (ports at the far end of an agent's own cable excepted: its own source reads
     * that one too, as any node agent does). Returns each agent's ports. A split that changed during the window (an
     * agent late enough under load to count as silent) is waited out and the window taken again.
     */
    private Map<String, Set<String>> sweptOnceEachInterval(Path dir, List<String> members, Set<String> everyPort)
            throws IOException {
        for (int attempt = 1; ; attempt++) {
            long version = awaitSplitAmong(dir, members).path("version").asLong();
            Instant from = Instant.now();
            await(dir, () -> members.stream().allMatch(agent -> sweptSince(agent, from).size() >= 3));
            if (sweeps().path("version").asLong() == version || attempt == 3) {
                return sweptOnce(members, everyPort, from);
            }
            System.out.println("the split changed during the window (load?): taking it again");
        }
    }

    private Map<String, Set<String>> sweptOnce(List<String> members, Set<String> everyPort, Instant from) {
        Set<String> ownCables = ownCablePorts();
        Map<String, Set<String>> byAgent = new HashMap<>();
        Map<String, String> sweptBy = new HashMap<>();
        for (String agent : members) {
            List<Batch> batches = sweptSince(agent, from);
            Set<String> shard = new TreeSet<>(batches.getFirst().switchPorts());
            shard.removeAll(ownCables);
            for (Batch batch : batches) {
                Set<String> swept = new TreeSet<>(batch.switchPorts());
                swept.removeAll(ownCables);
                assertThat(swept).as("%s sweeps the same ports in each interval", agent).isEqualTo(shard);
            }
            for (String p : shard) {
                String other = sweptBy.put(p, agent);
                assertThat(other).as("port %s swept by %s and %s", p, other, agent).isNull();
            }
            byAgent.put(agent, shard);
        }
        Set<String> expected = new TreeSet<>(everyPort);
        expected.removeAll(ownCables);
        assertThat(sweptBy.keySet()).as("every switch port is swept").isEqualTo(expected);
        // The own-cable ports are still swept by the agent whose shard holds their switch.
        for (String p : ownCables) {
            assertThat(byAgent.values().stream().anyMatch(ports -> ports.stream()
                    .anyMatch(q -> q.startsWith(p.substring(0, p.indexOf('/') + 1))))).as(p).isTrue();
        }
        return byAgent;
    }

    private Set<String> ownCablePorts() {
        Set<String> ports = new HashSet<>();
        received.switchNames.forEach((guid, name) -> {
            for (int leaf = 1; leaf <= 3; leaf++) {
                if (name.equals(FatTreeTopology.leaf(leaf))) {
                    ports.add(guid + "/1");
                }
            }
        });
        assertThat(ports).hasSize(3);
        return ports;
    }

    /** A disable of a spine port (no agent's lifeline), asked by the admin: the agent refuses it by policy. */
    private void refusedByPolicy(Path dir) throws IOException {
        String spine = received.switchNames.entrySet().stream()
                .filter(e -> e.getValue().equals(FatTreeTopology.spine(1))).map(Map.Entry::getKey).findFirst()
                .orElseThrow();
        String csrf = UUID.randomUUID().toString();
        JsonNode ordered = JSON.readTree(web.post().uri("/api/v1/ports/{g}/{p}/state", spine, 36)
                .headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD))
                .header("Cookie", "XSRF-TOKEN=" + csrf).header("X-XSRF-TOKEN", csrf)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("action", "disable", "reason", "leaf-36 uplink flaps, ticket 99"))
                .exchange().expectStatus().isAccepted().expectBody(String.class).returnResult().getResponseBody());
        long id = ordered.path("commands").get(0).path("id").asLong();
        JsonNode[] answered = new JsonNode[1];
        await(dir, () -> {
            for (JsonNode command : JSON.readTree(read("/api/v1/ports/" + spine + "/36/commands").expectStatus().isOk()
                    .expectBody(String.class).returnResult().getResponseBody())) {
                if (command.path("id").asLong() == id && command.path("state").asString().equals("failed")) {
                    answered[0] = command;
                    return true;
                }
            }
            return false;
        });
        assertThat(answered[0].path("answer").asString()).contains("refused by agent policy")
                .contains("--allow-port-control");
        assertThat(AGENTS).contains(answered[0].path("agentId").asString());
    }

    /**
     * When the survivors' batches since {@code killed} had swept every one of {@code orphaned}: the arrival of the
     * batch that completed them; null while they have not.
     */
    private Instant takenOverAt(Set<String> orphaned, Instant killed) {
        Set<String> left = new HashSet<>(orphaned);
        for (Batch batch : received.since(killed)) {
            if (!batch.agentId().equals("sweeper-c")) {
                left.removeAll(batch.switchPorts());
                if (left.isEmpty()) {
                    return batch.arrivedAt();
                }
            }
        }
        return null;
    }

    /**
     * The agent's batches swept (polled) after {@code since}, whenever they arrived: under load a push backlog brings
     * batches swept before the split in force, and the one-off batch of switches a change gave (swept at once), late.
     */
    private List<Batch> sweptSince(String agentId, Instant since) {
        return received.batches.stream().filter(b -> b.agentId().equals(agentId) && b.collectedAt().isAfter(since))
                .toList();
    }

    private List<Batch> batchesOf(String agentId, Instant since) {
        return received.since(since).stream().filter(b -> b.agentId().equals(agentId)).toList();
    }

    private JsonNode sweeps() {
        return JSON.readTree(read("/api/v1/sweeps").expectStatus().isOk().expectBody(String.class).returnResult()
                .getResponseBody());
    }

    private static long median(List<Batch> batches) {
        List<Long> times = batches.stream().map(ShardedSweepIbsimIT::pollToArrival).sorted().toList();
        return times.get(times.size() / 2);
    }

    private static String spread(List<Batch> batches) {
        List<Long> times = batches.stream().map(ShardedSweepIbsimIT::pollToArrival).sorted().toList();
        return times.getFirst() + "-" + times.getLast() + " ms over " + times.size() + " batches";
    }

    private static long pollToArrival(Batch batch) {
        return Duration.between(batch.collectedAt(), batch.arrivedAt()).toMillis();
    }

    private void await(Path dir, BooleanSupplier condition) throws IOException {
        Callable<Boolean> check = condition::getAsBoolean;
        try {
            Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(check);
        } catch (ConditionTimeoutException e) {
            StringBuilder logs = new StringBuilder();
            try (var files = Files.list(dir)) {
                for (Path log : files.filter(p -> p.toString().endsWith(".log")).toList()) {
                    String text = Files.readString(log);
                    logs.append("\n--- ").append(log.getFileName()).append('\n')
                            .append(text.length() > 6000 ? text.substring(text.length() - 6000) : text);
                }
            }
            throw new AssertionError("timed out; sweeps: " + sweeps() + "; agent logs:" + logs, e);
        }
    }
}
