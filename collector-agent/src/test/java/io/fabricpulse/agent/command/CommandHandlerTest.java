package io.fabricpulse.agent.command;

import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.command.CommandResult;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The agent's side of an order: what it refuses and says so, and that each order runs once. */
class CommandHandlerTest {

    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
    private static final String HOST = "0x0002c90300000002";
    private static final String SWITCH = "0x0002c90300000b00";

    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final KnownPorts ports = new KnownPorts();
    private final List<String> cleared = new ArrayList<>();
    private final List<Map.Entry<Long, CommandResult>> answered = new ArrayList<>();
    private final List<String> changed = new ArrayList<>();
    private final PortActions actions = new PortActions() {
        @Override
        public CommandResult clearCounters(String agentId, KnownPorts.Target port) {
            cleared.add(port.nodeGuid() + "/" + port.portNumber());
            return new CommandResult(agentId, CommandResult.Outcome.DONE, "cleared", Map.of("SymbolErrorCounter", 77L));
        }

        @Override
        public CommandResult setPortState(String agentId, KnownPorts.Target port, CommandKind kind) {
            changed.add(kind.id() + " " + port.nodeGuid() + "/" + port.portNumber());
            return new CommandResult(agentId, CommandResult.Outcome.DONE, kind.id(), null);
        }
    };
    private final AnswerSink answers = (id, result) -> {
        synchronized (answered) {
            answered.add(Map.entry(id, result));
        }
        return new AnswerSink.Sent(200, "{}");
    };

    /** This host's port 1, cabled to the switch's port 7; the switch's port 8 leads to another host. */
    CommandHandlerTest() {
        PortReport own = port(1, 7, new PeerPort(SWITCH, 7, null, null));
        PortReport uplink = port(7, 3, new PeerPort(HOST, 1, null, null));
        PortReport other = port(8, 3, null);
        ports.watching(batch -> { }).accept(new IngestBatch(1, "node-2", 1, NOW, "umad", List.of(
                new NodeReport(HOST, HOST, NodeType.CA, "node-2 HCA-1", null, null, null, List.of(own)),
                new NodeReport(SWITCH, SWITCH, NodeType.SWITCH, "leaf", null, null, null, List.of(uplink, other)))));
    }

    private static PortReport port(int number, int lid, PeerPort peer) {
        return new PortReport(number, lid, 1, PortState.ACTIVE, PhysicalState.LINK_UP, null, null, Set.of(),
                Set.of(), PortReport.INFINIBAND, false, Map.of("SymbolErrorCounter", 77L), peer, null, null, null,
                null, null);
    }

    @Test
    void anAllowedClearOfOneOfItsPortsRunsOnceThoughTheOrderArrivesTwice() {
        CommandHandler handler = handler(new CommandPolicy(true, false));

        read(handler, answer(41, "clear-counters", HOST, 1, NOW.plusSeconds(60)));
        read(handler, answer(41, "clear-counters", HOST, 1, NOW.plusSeconds(60)));
        handler.close();

        assertThat(cleared).containsExactly(HOST + "/1");
        assertThat(answered).singleElement().satisfies(a -> {
            assertThat(a.getKey()).isEqualTo(41);
            assertThat(a.getValue().outcome()).isEqualTo(CommandResult.Outcome.DONE);
            assertThat(a.getValue().agentId()).isEqualTo("node-2");
        });
    }

    @Test
    void withoutTheOptionItRefusesByPolicyAndSaysSo() {
        CommandHandler handler = handler(CommandPolicy.NONE);

        read(handler, answer(42, "clear-counters", HOST, 1, NOW.plusSeconds(60)));
        read(handler, answer(43, "port-disable", SWITCH, 8, NOW.plusSeconds(60)));
        handler.close();

        assertThat(cleared).isEmpty();
        assertThat(changed).isEmpty();
        assertThat(answered).hasSize(2).allSatisfy(a -> {
            assertThat(a.getValue().outcome()).isEqualTo(CommandResult.Outcome.REFUSED);
            assertThat(a.getValue().message()).startsWith(CommandResult.REFUSED_BY_POLICY);
        });
        assertThat(answered.get(0).getValue().message()).contains("--allow-counter-clear");
        assertThat(answered.get(1).getValue().message()).contains("--allow-port-control");
    }

    @Test
    void anOrderPastItsExpiryOrForAPortItDoesNotReadIsRefusedUndone() {
        CommandHandler handler = handler(new CommandPolicy(true, true));

        read(handler, answer(44, "clear-counters", HOST, 1, NOW));
        read(handler, answer(45, "clear-counters", HOST, 2, NOW.plusSeconds(60)));
        read(handler, answer(46, "clear-counters", "0x0002c90300000099", 1, NOW.plusSeconds(60)));
        handler.close();

        assertThat(cleared).isEmpty();
        assertThat(answered).extracting(a -> a.getValue().outcome()).containsOnly(CommandResult.Outcome.REFUSED);
        assertThat(answered.get(0).getValue().message()).contains("expired");
        assertThat(answered.get(1).getValue().message()).contains("not one of the ports this agent reads");
        assertThat(answered.get(2).getValue().message()).contains("not one of the ports this agent reads");
    }

    @Test
    void itNeverDisablesItsOwnPortOrTheSwitchPortAcrossItsCableButMayEnableThem() {
        CommandHandler handler = handler(new CommandPolicy(false, true));

        read(handler, answer(50, "port-disable", HOST, 1, NOW.plusSeconds(60)));
        read(handler, answer(51, "port-bounce", SWITCH, 7, NOW.plusSeconds(60)));
        read(handler, answer(52, "port-disable", SWITCH, 8, NOW.plusSeconds(60)));
        read(handler, answer(53, "port-enable", SWITCH, 7, NOW.plusSeconds(60)));
        handler.close();

        assertThat(changed).containsExactly("port-disable " + SWITCH + "/8", "port-enable " + SWITCH + "/7");
        assertThat(answered.get(0).getValue().message()).contains("how this agent reaches the fabric");
        assertThat(answered.get(1).getValue().message()).contains("how this agent reaches the fabric");
    }

    @Test
    void anAnswerWithoutOrdersOrWithAnUnreadableOneChangesNothing() {
        CommandHandler handler = handler(new CommandPolicy(true, true));

        read(handler, "{\"status\":\"accepted\"}".getBytes(StandardCharsets.UTF_8));
        read(handler, "not json".getBytes(StandardCharsets.UTF_8));
        read(handler, "{\"commands\":[{\"id\":47,\"kind\":\"format-disk\"}]}".getBytes(StandardCharsets.UTF_8));
        handler.close();

        assertThat(cleared).isEmpty();
        assertThat(answered).isEmpty();
    }

    /** As the agent reads an answer: one parse, its orders to the handler. */
    private static void read(CommandHandler handler, byte[] answer) {
        new AnswerReader(handler::take, shard -> { }).accept(answer);
    }

    private CommandHandler handler(CommandPolicy policy) {
        return new CommandHandler("node-2", policy, ports, actions, answers, clock);
    }

    private static byte[] answer(long id, String kind, String guid, int port, Instant expiresAt) {
        return ("{\"status\":\"accepted\",\"commands\":[{\"id\":" + id + ",\"kind\":\"" + kind + "\",\"nodeGuid\":\""
                + guid + "\",\"portNumber\":" + port + ",\"expiresAt\":\"" + expiresAt + "\"}]}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
