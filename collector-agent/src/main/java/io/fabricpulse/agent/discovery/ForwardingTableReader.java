package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.LinearForwardingTableField;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRequest;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.mad.SwitchInfoField;
import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.model.ingest.ForwardingTable;
import io.fabricpulse.model.ingest.Guids;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads every switch's unicast linear forwarding table as {@code ibroute} does: SwitchInfo for
 * LinearFdbTop, PortInfo of port 0 for the switch's LID now, then LinearForwardingTable blocks
 * {@code 0 .. top/64}. All by the directed route the walk found, so a table is read even while LIDs
 * move, and all in flight at once through the engine's window.
 * <p>
 * A switch whose SwitchInfo or PortInfo fails has no table this time; a block that fails is sent as
 * unread (null), so the rest of the table still counts. Out-of-range ports are kept as read and named
 * in the problems: judging them is the server's business, hiding them would hide a broken switch.
 */
public final class ForwardingTableReader {

    private static final int MAX_PROBLEM_LINES = 20;
    private static final Duration VERDICT_MARGIN = Duration.ofSeconds(5);

    private final MadCalls calls;
    private final Clock clock;
    private final long stallMillis;

    public ForwardingTableReader(MadCalls calls, EngineSettings settings, Clock clock) {
        this.calls = calls;
        this.clock = clock;
        this.stallMillis = settings.timeout().multipliedBy(settings.retries() + 1L).plus(VERDICT_MARGIN).toMillis();
    }

    /** What one read of the tables found. */
    public record Result(Map<Long, ForwardingTable> tables, int requests, int failedRequests, List<String> problems,
                         Duration elapsed) {

        public Result {
            tables = Map.copyOf(tables);
            problems = List.copyOf(problems);
        }
    }

    /** Reads the tables of every switch the walk found. */
    public Result read(DiscoveredFabric fabric) {
        Instant started = clock.instant();
        Problems problems = new Problems();
        List<DiscoveredNode> switches = fabric.nodes().values().stream().filter(DiscoveredNode::isSwitch)
                .sorted((a, b) -> Long.compareUnsigned(a.guid(), b.guid())).toList();
        Map<DiscoveredNode, CompletableFuture<byte[]>> infos = new LinkedHashMap<>();
        Map<DiscoveredNode, CompletableFuture<byte[]>> port0 = new LinkedHashMap<>();
        for (DiscoveredNode node : switches) {
            infos.put(node, ask(problems, Mads.smpGet(node.route(), MadAttribute.SWITCH_INFO, 0)));
            port0.put(node, ask(problems, Mads.smpGet(node.route(), MadAttribute.PORT_INFO, 0)));
        }
        Waiting waiting = new Waiting();
        Map<DiscoveredNode, Header> headers = new LinkedHashMap<>();
        for (DiscoveredNode node : switches) {
            try {
                int top = (int) waiting.answer(infos.get(node)).get(SwitchInfoField.LinearFdbTop);
                int lid = PortInfo.decode(waiting.answer(port0.get(node))).lid();
                headers.put(node, header(node, top, lid, problems));
            } catch (Failure e) {
                problems.failed(name(node) + ": no table this time: " + e.getMessage());
            }
        }
        Map<DiscoveredNode, List<CompletableFuture<byte[]>>> blocks = new LinkedHashMap<>();
        headers.forEach((node, header) -> {
            List<CompletableFuture<byte[]>> asked = new ArrayList<>();
            for (int block = 0; block < ForwardingTable.blockCount(header.top()); block++) {
                asked.add(ask(problems, Mads.smpGet(node.route(), MadAttribute.LINEAR_FORWARDING_TABLE, block)));
            }
            blocks.put(node, asked);
        });
        Map<Long, ForwardingTable> tables = new LinkedHashMap<>();
        blocks.forEach((node, asked) -> {
            Header header = headers.get(node);
            List<String> texts = new ArrayList<>(asked.size());
            for (int block = 0; block < asked.size(); block++) {
                try {
                    byte[] ports = LinearForwardingTableField.decode(waiting.answer(asked.get(block)));
                    checkPorts(node, block, header.top(), ports, problems);
                    texts.add(ForwardingTable.block(ports));
                } catch (Failure e) {
                    problems.failed(name(node) + " block " + block + ": " + e.getMessage());
                    texts.add(null);
                }
            }
            tables.put(node.guid(), new ForwardingTable(header.lid(), header.top(), texts, started));
        });
        return new Result(tables, problems.requests, problems.failed, problems.lines,
                Duration.between(started, clock.instant()));
    }

    private record Header(int top, int lid) {
    }

    /** A top beyond the unicast range is read up to the range's end: LIDs above it are multicast. */
    private static Header header(DiscoveredNode node, int top, int lid, Problems problems) {
        if (top > ForwardingTable.MAX_UNICAST_LID) {
            problems.note("%s: LinearFdbTop %d is beyond the unicast LIDs; reading up to %d".formatted(name(node),
                    top, ForwardingTable.MAX_UNICAST_LID));
            return new Header(ForwardingTable.MAX_UNICAST_LID, lid);
        }
        return new Header(top, lid);
    }

    private static void checkPorts(DiscoveredNode node, int block, int top, byte[] ports, Problems problems) {
        for (int i = 0; i < ports.length; i++) {
            int lid = block * ForwardingTable.BLOCK_LIDS + i;
            int port = ports[i] & 0xFF;
            if (lid <= top && port != ForwardingTable.NO_ROUTE && port > node.info().numPorts()) {
                problems.note("%s: LID %d leaves by port %d, but the switch has %d ports".formatted(name(node), lid,
                        port, node.info().numPorts()));
            }
        }
    }

    private CompletableFuture<byte[]> ask(Problems problems, MadRequest request) {
        problems.requests++;
        return calls.submit(request);
    }

    private static String name(DiscoveredNode node) {
        return "switch " + Guids.format(node.guid()) + (node.description() == null ? "" : " (" + node.description().strip() + ")");
    }

    /**
     * Waits for answers in the order they were asked. The engine completes every request (answer,
     * timeout after its retries, or error); the stall limit only guards against a request that never
     * completes, and once one stalled the rest are taken as they are.
     */
    private final class Waiting {
        private boolean stalled;

        MadData answer(CompletableFuture<byte[]> future) throws Failure {
            try {
                byte[] mad = stalled ? future.getNow(null) : future.get(stallMillis, TimeUnit.MILLISECONDS);
                if (mad == null) {
                    throw new Failure("no verdict within " + stallMillis + " ms");
                }
                return MadData.of(mad);
            } catch (ExecutionException e) {
                throw new Failure(e.getCause() instanceof MadException ? e.getCause().getMessage()
                        : "failed unexpectedly: " + e.getCause());
            } catch (TimeoutException e) {
                stalled = true;
                throw new Failure("no verdict within " + stallMillis + " ms");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stalled = true;
                throw new Failure("interrupted");
            } catch (MadException e) {
                throw new Failure(e.getMessage());
            }
        }
    }

    private static final class Problems {
        final List<String> lines = new ArrayList<>();
        int requests;
        int failed;

        void failed(String line) {
            failed++;
            note(line);
        }

        void note(String line) {
            if (lines.size() < MAX_PROBLEM_LINES) {
                lines.add(line);
            }
        }
    }

    private static final class Failure extends Exception {
        Failure(String message) {
            super(message, null, false, false);
        }
    }
}
