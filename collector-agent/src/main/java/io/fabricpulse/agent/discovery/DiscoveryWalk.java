package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.discovery.WalkAsk.DescriptionAsk;
import io.fabricpulse.agent.discovery.WalkAsk.NodeInfoAsk;
import io.fabricpulse.agent.discovery.WalkAsk.PortInfoAsk;
import io.fabricpulse.agent.discovery.WalkAsk.SwitchInfoAsk;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRequest;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.NodeInfo;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.mad.SwitchInfoField;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.topology.LinkEnd;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One walk of the fabric by directed-route SMPs from the local port, by libibnetdisc's rules, so
 * that it finds what ibnetdiscover finds:
 * <ul>
 * <li>NodeInfo of the local node first (an empty route); every NodeInfo answer names a node and the
 *     port the request entered it by, which is the far end of the cable just crossed;</li>
 * <li>a node seen for the first time is asked for its NodeDescription, and a switch also for
 *     SwitchInfo and PortInfo of ports 0..N; a CA or router for PortInfo of the port it was entered
 *     by, each time it is entered (a dual-port CA reached over both cables shows both ports);</li>
 * <li>a port in LinkUp leads on, one hop further: every switch port except the one the request came
 *     in by, and the local port of the start node. Directed routes do not pass through a CA, so a
 *     CA's other ports are not followed (a second rail is found from a port on that rail).</li>
 * </ul>
 * All requests go to the engine at once; it keeps its window of them in flight. Answers are handled
 * one at a time under the walk's lock, in the order they arrive, on the thread that completes them.
 * A request that gets no usable answer (after the engine's retries) leaves a gap where it points,
 * as in ibnetdiscover, and is counted and described; the walk always ends with what it found.
 */
final class DiscoveryWalk {

    /** Problem lines kept in full; the count goes on. */
    static final int MAX_PROBLEM_LINES = 100;

    private final MadCalls calls;
    private final Clock clock;
    private final Duration verdictTimeout;
    /** Guards everything below; answers arrive on the engine's thread, the caller waits on {@link #progress}. */
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition progress = lock.newCondition();
    private final List<WalkAsk> asked = new ArrayList<>();
    private final Map<Long, NodeState> nodes = new LinkedHashMap<>();
    private final Cables cables = new Cables();
    private final List<String> problems = new ArrayList<>();
    private int outstanding;
    private long handled;
    private boolean abandoned;
    private boolean sending;
    private int requests;
    private int failedRequests;
    private int unlistedProblems;
    private NodeState start;
    private int startPort;
    private long startPortGuid;

    /**
     * @param verdictTimeout how long to wait for the next answer before giving up on the rest: longer
     *                       than one request's timeouts and retries together
     */
    DiscoveryWalk(MadCalls calls, Clock clock, Duration verdictTimeout) {
        this.calls = calls;
        this.clock = clock;
        this.verdictTimeout = verdictTimeout;
    }

    DiscoveredFabric run() {
        Instant started = clock.instant();
        lock.lock();
        try {
            ask(new NodeInfoAsk(MadRoute.Directed.of(), null));
        } finally {
            lock.unlock();
        }
        sendAsked();
        lock.lock();
        try {
            awaitLastAnswer();
            abandoned = true;
            if (start == null && problems.isEmpty()) {
                problem("the local node did not answer NodeInfo");
            }
            return new FabricAssembler(nodes.values(), cables.both(), problems).assemble(start, startPortGuid, requests,
                    failedRequests, Duration.between(started, clock.instant()), unlistedProblems);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until no request is outstanding. Woken only at the end (not per answer, which would cost a
     * thread switch each); every verdict timeout it checks that answers still come, and gives up on
     * the rest when none came in a whole period.
     */
    private void awaitLastAnswer() {
        long handledBefore = -1;
        while (outstanding > 0) {
            if (handled == handledBefore) {
                failedRequests += outstanding;
                problem(outstanding + " requests got no verdict within " + verdictTimeout.toMillis() + " ms");
                return;
            }
            handledBefore = handled;
            try {
                long left = verdictTimeout.toNanos();
                while (outstanding > 0 && left > 0) {
                    left = progress.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failedRequests += outstanding;
                problem("interrupted with " + outstanding + " requests unanswered");
                return;
            }
        }
    }

    /** Counts a request and queues it; {@link #sendAsked()} sends it once the lock is released. */
    private void ask(WalkAsk ask) {
        outstanding++;
        requests++;
        asked.add(ask);
    }

    /**
     * Sends the queued requests, never holding the walk's lock: the engine completes answers under its
     * own lock, which then takes the walk's, so sending under the walk's lock could deadlock. One
     * thread sends at a time and empties the queue, also of what answers add meanwhile; an answer that
     * completes at once (inside {@code submit}) therefore only queues, and never recurses.
     */
    private void sendAsked() {
        lock.lock();
        try {
            if (sending) {
                return;
            }
            sending = true;
        } finally {
            lock.unlock();
        }
        boolean emptied = false;
        try {
            while (!emptied) {
                List<WalkAsk> batch;
                lock.lock();
                try {
                    batch = List.copyOf(asked);
                    asked.clear();
                    emptied = batch.isEmpty();
                    sending = !emptied;
                } finally {
                    lock.unlock();
                }
                for (WalkAsk ask : batch) {
                    MadRequest request = Mads.smpGet(ask.route(), ask.attribute(), ask.modifier());
                    calls.submit(request).whenComplete((mad, error) -> onAnswer(new Answer(ask, mad, error)));
                }
            }
        } finally {
            if (!emptied) {
                lock.lock();
                try {
                    sending = false;
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /**
     * Runs on the thread that completed the request, normally the engine's receiver: handling the
     * answer there sends the requests it leads to at once, without a wake-up of the waiting caller.
     */
    private void onAnswer(Answer answer) {
        lock.lock();
        try {
            if (abandoned) {
                return;
            }
            outstanding--;
            handled++;
            handle(answer);
            if (outstanding == 0) {
                progress.signalAll();
            }
        } finally {
            lock.unlock();
        }
        sendAsked();
    }

    private void handle(Answer answer) {
        if (answer.error() != null) {
            failed(answer.ask(), reason(answer.error()));
            return;
        }
        try {
            MadData data = MadData.of(answer.mad());
            switch (answer.ask()) {
                case NodeInfoAsk a -> onNodeInfo(a, NodeInfo.decode(data));
                case DescriptionAsk a -> a.node().description = data.nodeDescriptionBytes();
                case SwitchInfoAsk a -> a.node().enhancedPort0 = data.get(SwitchInfoField.EnhancedPort0) != 0;
                case PortInfoAsk a -> onPortInfo(a, PortInfo.decode(data));
            }
        } catch (MadException e) {
            failed(answer.ask(), e.getMessage());
        }
    }

    private static String reason(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        // Anything but a MAD-layer verdict is a bug below us: still only this request's loss, not the walk's.
        return cause instanceof MadException ? cause.getMessage() : "failed unexpectedly: " + cause;
    }

    private void onNodeInfo(NodeInfoAsk ask, NodeInfo info) {
        boolean entered = ask.from() != null;
        int port = info.localPortNumber();
        if (info.numPorts() < 1) {
            failed(ask, "NodeInfo of " + Guids.format(info.nodeGuid()) + " says it has no ports");
            return;
        }
        if (port > info.numPorts() || (entered && port < 1)) {
            failed(ask, "NodeInfo of %s says it was entered by port %d of %d".formatted(Guids.format(info.nodeGuid()),
                    port, info.numPorts()));
            return;
        }
        NodeState node = nodes.get(info.nodeGuid());
        boolean isNew = node == null;
        if (isNew) {
            node = new NodeState(info, ask.route());
            nodes.put(info.nodeGuid(), node);
        } else if (node.info.nodeType() != info.nodeType() || node.info.numPorts() != info.numPorts()) {
            failed(ask, "GUID %s answers as a %s with %d ports here but as a %s with %d ports at %s (duplicate GUID?)"
                    .formatted(Guids.format(info.nodeGuid()), info.nodeType(), info.numPorts(), node.info.nodeType(),
                            node.info.numPorts(), node.route));
            return;
        }
        node.reachedBy(ask.route());
        if (port > 0) {
            node.portGuids.put(port, info.portGuid());
        }
        if (entered) {
            link(ask.from(), new LinkEnd(node.info.nodeGuid(), port));
        } else {
            start = node;
            startPort = port;
            startPortGuid = info.portGuid();
        }
        if (isNew) {
            ask(new DescriptionAsk(node, ask.route()));
            if (node.isSwitch()) {
                ask(new SwitchInfoAsk(node, ask.route()));
                for (int p = 0; p <= info.numPorts(); p++) {
                    ask(new PortInfoAsk(node, ask.route(), p));
                }
            }
        }
        if (!node.isSwitch() && port > 0) {
            ask(new PortInfoAsk(node, ask.route(), port));
        }
    }

    private void onPortInfo(PortInfoAsk ask, PortInfo info) {
        NodeState node = ask.node();
        int port = ask.port();
        node.ports.put(port, info);
        boolean linkUp = info.physicalState() == PhysicalState.LINK_UP.code();
        boolean leadsOn = port != 0 && linkUp
                && ((node.isSwitch() && port != info.localPortNumber()) || (node == start && port == startPort));
        if (!leadsOn) {
            return;
        }
        List<Integer> path = ask.route().outPorts();
        if (path.size() >= MadRoute.Directed.MAX_HOPS) {
            problem("port %d of %s is not followed: a directed route has at most %d hops".formatted(port,
                    Guids.format(node.info.nodeGuid()), MadRoute.Directed.MAX_HOPS));
            return;
        }
        List<Integer> further = new ArrayList<>(path);
        further.add(port);
        ask(new NodeInfoAsk(new MadRoute.Directed(further), new LinkEnd(node.info.nodeGuid(), port)));
    }

    /** Records the cable between two ports, seen from {@code from}'s side. */
    private void link(LinkEnd from, LinkEnd to) {
        cables.connect(from, to).forEach(this::problem);
    }

    private void failed(WalkAsk ask, String why) {
        failedRequests++;
        problem(ask.describe() + ": " + why);
    }

    private void problem(String line) {
        if (problems.size() < MAX_PROBLEM_LINES) {
            problems.add(line);
        } else {
            unlistedProblems++;
        }
    }

    private record Answer(WalkAsk ask, byte[] mad, Throwable error) {
    }
}
