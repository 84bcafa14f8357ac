package io.fabricpulse.server.sweeps;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.command.SweepShard;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.poll.AgentPollProperties;
import io.fabricpulse.server.ingest.poll.AgentPolls;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two replicas (two {@link SweepShards} on one state store) and three discover agents, on a clock the test moves:
 * both replicas hand out the same split; an agent silent two of its intervals, or whose long-poll closed under it,
 * leaves it at once, one holding a poll stays however late its pushes; one that comes back is taken in again once
 * heard steadily for two intervals; one agent alone, or one not in the split yet, gets no shard.
 */
class SweepShardsTest {

    private static final Instant T0 = Instant.parse("2026-11-26T12:00:00Z");
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final List<String> SWITCHES = List.of("0x0000000000000a01", "0x0000000000000a02",
            "0x0000000000000a03", "0x0000000000000a04", "0x0000000000000a05", "0x0000000000000a06");

    private final StateDatabase state = StateDatabase.h2();
    private final MutableClock clock = new MutableClock(T0);
    private final SweepsProperties properties = new SweepsProperties(Duration.ofSeconds(1), 2, Duration.ofSeconds(30), 2);
    private final AgentPolls pollsA = polls();
    private final AgentPolls pollsB = polls();
    private final SweepShards replicaA = new SweepShards(new SweepRepository(state.client()), properties, pollsA, clock);
    private final SweepShards replicaB = new SweepShards(new SweepRepository(state.client()), properties, pollsB, clock);
    private final Map<String, Long> sequences = new HashMap<>();

    @AfterEach
    void close() {
        state.close();
    }

    private AgentPolls polls() {
        AgentPolls polls = new AgentPolls(new AgentPollProperties(Duration.ofSeconds(25), Duration.ofSeconds(1), 100),
                clock);
        polls.start();
        return polls;
    }

    @Test
    void bothReplicasHandOutOneSplitThatFollowsSilenceAndReturn() {
        // One agent alone: it walks, it is a member, but a split of one is no split.
        assertThat(push(replicaA, "a", true)).isNull();
        replicaA.replan().block();
        assertThat(push(replicaA, "a", false)).as("a single agent sweeps everything").isNull();

        push(replicaB, "b", true);
        push(replicaA, "c", true);
        // New members count once heard steadily for two of their intervals (measured between two of their batches).
        everyoneHeardAnInterval();
        assertThat(push(replicaA, "b", false)).as("heard one interval: not yet").isNull();
        everyoneHeardAnInterval();
        Map<String, SweepShard> three = new HashMap<>();
        for (String agent : List.of("a", "b", "c")) {
            SweepShard viaA = push(replicaA, agent, false);
            SweepShard viaB = push(replicaB, agent, false);
            assertThat(viaB).as("the same shard whichever replica %s pushes to", agent).isEqualTo(viaA);
            three.put(agent, viaA);
        }
        assertEverySwitchOnce(three);
        three.values().forEach(shard -> assertThat(shard.switches()).hasSize(2));

        // c falls silent: at two of its intervals it still counts, past them its switches go to a and b.
        clock.advance(INTERVAL);
        push(replicaA, "a", false);
        push(replicaB, "b", false);
        clock.advance(INTERVAL);
        replan();
        assertThat(replicaA.view().agents()).filteredOn(SweepsView.Agent::inSplit).hasSize(3);
        clock.advance(Duration.ofMillis(1));
        replan();
        Map<String, SweepShard> two = new HashMap<>();
        for (String agent : List.of("a", "b")) {
            two.put(agent, push(agent.equals("a") ? replicaA : replicaB, agent, false));
        }
        assertEverySwitchOnce(two);
        assertThat(two.get("a").version()).isGreaterThan(three.get("a").version());
        assertThat(replicaB.view().agents()).filteredOn(agent -> agent.agentId().equals("c"))
                .singleElement().satisfies(agent -> assertThat(agent.live()).isFalse());

        // c comes back (an ordinary push: it walked before). One push is not being heard steadily: the split stays
        // without it until it has been heard for two of its intervals, and meanwhile it sweeps nothing (a and b do).
        long withoutC = two.get("a").version();
        SweepShard waiting = new SweepShard(withoutC, List.of());
        assertThat(push(replicaA, "c", false)).as("its first push measures the silence, not an interval").isEqualTo(waiting);
        replan();
        assertThat(push(replicaA, "a", false).version()).as("a late push does not flap the split").isEqualTo(withoutC);
        everyoneHeardAnInterval();
        assertThat(push(replicaB, "c", false)).as("heard one interval: not yet").isEqualTo(waiting);
        everyoneHeardAnInterval();
        Map<String, SweepShard> again = new HashMap<>();
        for (String agent : List.of("a", "b", "c")) {
            again.put(agent, push(replicaB, agent, false));
        }
        assertEverySwitchOnce(again);
        again.values().forEach(shard -> assertThat(shard.switches()).hasSize(2));
        assertThat(again.get("c").version()).isGreaterThan(withoutC);
        assertThat(replicaA.view()).isEqualTo(replicaB.view());
    }

    @Test
    void aMemberWhosePollClosedLeavesAtOnceAndComesBackOnlyWhenHeardSteadily() {
        Map<String, SweepShard> three = threeInTheSplit();

        // c's process ends: its long-poll on replica B closes under it; past the grace it has gone, for both replicas.
        AgentPolls.Poll poll = pollsB.open("c");
        replicaB.start();
        try {
            pollsB.ended(poll, true);
            clock.advance(Duration.ofMillis(1100));
            pollsB.announceDepartures();
            await(() -> !replicaB.view().agents().stream().filter(agent -> agent.agentId().equals("c")).findFirst()
                    .orElseThrow().live());
        } finally {
            replicaB.stop();
        }
        replan();
        Map<String, SweepShard> two = new HashMap<>();
        for (String agent : List.of("a", "b")) {
            two.put(agent, push(agent.equals("a") ? replicaA : replicaB, agent, false));
        }
        assertEverySwitchOnce(two);
        assertThat(two.get("a").version()).as("moved within the grace, not after two silent intervals")
                .isGreaterThan(three.get("a").version());
        assertThat(replicaA.shardOf("c")).as("gone: if it came back now it would sweep nothing until heard steadily")
                .isEqualTo(new SweepShard(two.get("a").version(), List.of()));
    }

    @Test
    void aMemberHoldingAPollIsAliveHoweverLateItsPushes() {
        Map<String, SweepShard> three = threeInTheSplit();
        pollsA.open("c");

        // Under load c's pushes stay away four intervals; its poll held on replica A says it lives.
        for (int i = 0; i < 4; i++) {
            clock.advance(INTERVAL);
            push(replicaA, "a", false);
            push(replicaB, "b", false);
            replan();
        }
        assertThat(replicaB.shardOf("c")).isEqualTo(three.get("c"));
    }

    /** Three agents walked and were heard steadily: split in three. */
    private Map<String, SweepShard> threeInTheSplit() {
        for (String agent : List.of("a", "b", "c")) {
            push(replicaA, agent, true);
        }
        everyoneHeardAnInterval();
        everyoneHeardAnInterval();
        Map<String, SweepShard> three = new HashMap<>();
        for (String agent : List.of("a", "b", "c")) {
            three.put(agent, push(replicaA, agent, false));
        }
        assertEverySwitchOnce(three);
        return three;
    }

    private void everyoneHeardAnInterval() {
        clock.advance(INTERVAL);
        for (String agent : List.of("a", "b", "c")) {
            push(replicaA, agent, false);
        }
        replan();
    }

    private static void await(java.util.function.BooleanSupplier condition) {
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(condition::getAsBoolean);
    }

    private void replan() {
        replicaA.replan().block();
        replicaB.replan().block();
    }

    private static void assertEverySwitchOnce(Map<String, SweepShard> shards) {
        List<String> all = new ArrayList<>();
        shards.values().forEach(shard -> all.addAll(shard.switches()));
        assertThat(all).containsExactlyInAnyOrderElementsOf(SWITCHES);
    }

    /** A batch of {@code agentId} (a walk of every switch when {@code walked}) pushed now; the shard in its answer. */
    private SweepShard push(SweepShards replica, String agentId, boolean walked) {
        long sequence = sequences.merge(agentId, 1L, Long::sum);
        List<NodeReport> nodes = new ArrayList<>();
        for (String guid : SWITCHES) {
            List<PortReport> ports = new ArrayList<>();
            for (int port = 1; port <= 36; port++) {
                ports.add(TestBatches.activePort(port, Map.of("PortXmitData", 1L)));
            }
            nodes.add(new NodeReport(guid, guid, NodeType.SWITCH, "switch " + guid, null, null, null, ports));
        }
        Instant now = clock.instant();
        IngestBatch batch = new IngestBatch(IngestBatch.SCHEMA_VERSION, agentId, sequence, now, "umad", nodes,
                walked ? new IngestBatch.Discovery(true, SWITCHES.getFirst(), 1, now) : null, null);
        return replica.shardFor(batch, AgentCredential.shared(0)).block();
    }
}
