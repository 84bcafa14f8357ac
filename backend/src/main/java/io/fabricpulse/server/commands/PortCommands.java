package io.fabricpulse.server.commands;

import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.command.CommandResult;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.server.alerting.IntendedDowns;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.fabric.counterclear.CounterClearRow;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentOrders;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.ingest.poll.AgentPolls;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.audit.AuditTrail;
import io.fabricpulse.server.sm.SubnetManagerRegistry;
import io.fabricpulse.server.sm.SubnetManagerView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Orders to agents, from the request to the answer: {@link #request} checks that an agent reaches the port and
 * queues the order (or joins one already open for the same thing), {@link #take} hands queued orders to the agent
 * that pushed a batch showing it can execute them, {@link #answer} records what the agent did, and
 * {@link #expireOverdue} ends orders nobody took or answered in time.
 *
 * <p>Each replica keeps the queued orders in memory ({@link #refresh} reads them every poll interval), so a push
 * costs no database query when nothing waits; handing one out is a conditional UPDATE, so of all replicas, pushes
 * and long-polls exactly one delivers it. A new order wakes its agent's long-poll ({@link AgentPolls}) at once when
 * queued here, at the next refresh when queued on another replica.
 */
public class PortCommands implements AgentOrders, IntendedDowns {

    private static final Logger log = LoggerFactory.getLogger(PortCommands.class);
    static final int MAX_REQUESTER = 200;

    private final CommandRepository repository;
    private final CounterClearRepository clears;
    private final AuditTrail audit;
    private final FabricView fabric;
    private final CommandsProperties properties;
    private final Clock clock;
    private final CommandReach reach = new CommandReach();
    private final Map<Long, CommandRow> queued = new ConcurrentHashMap<>();
    private volatile Map<PortRef, IntendedDown> disabled = Map.of();
    private final SubnetManagerRegistry managers;
    private final AgentPolls polls;

    public PortCommands(CommandRepository repository, CounterClearRepository clears, AuditTrail audit, FabricView fabric,
                 SubnetManagerRegistry managers, AgentPolls polls, CommandsProperties properties, Clock clock) {
        this.managers = managers;
        this.polls = polls;
        this.repository = repository;
        this.clears = clears;
        this.audit = audit;
        this.fabric = fabric;
        this.properties = properties;
        this.clock = clock;
    }

    /** What a request made: the order, and whether it is new or one already open for the same thing. */
    public record Requested(CommandRow command, boolean joined) {
    }

    /**
     * Queues {@code kind} on the port for {@code actor}, audited; an open order of the same kind on the port is
     * returned instead (a double click or a replayed request executes once).
     *
     * @throws ProblemException (as the Mono's error) 400 without a reason, 404 for a port the fabric does not show,
     *                          409 when no agent able to execute it has reported the port lately
     */
    public Mono<Requested> request(CommandKind kind, String nodeGuid, int portNumber, String reason, String actor) {
        return Mono.defer(() -> {
            PortView port = check(nodeGuid, portNumber, reason);
            if (kind == CommandKind.PORT_DISABLE || kind == CommandKind.PORT_BOUNCE) {
                checkNotTheSubnetManagersCable(port);
            }
            AgentRole executor = executor(port);
            Instant now = clock.instant();
            return repository.open(kind, nodeGuid, portNumber, now)
                    .map(open -> new Requested(open, true))
                    .switchIfEmpty(Mono.defer(() -> queue(kind, port, executor, reason.strip(), cut(actor), now)));
        });
    }

    /**
     * Checks a request without queueing it, so an action on several ports can check them all first.
     *
     * @return the port
     * @throws ProblemException 400 without a reason, 404 for a port the fabric does not show, 409 when no agent
     *                          able to execute an order on it has reported it lately
     */
    public PortView check(String nodeGuid, int portNumber, String reason) {
        String why = reason == null ? "" : reason.strip();
        if (why.isEmpty() || why.length() > CommandRow.MAX_REASON || why.chars().anyMatch(Character::isISOControl)) {
            throw new ProblemException(ProblemType.INVALID_REQUEST, "reason is required: 1 to "
                    + CommandRow.MAX_REASON + " characters on one line, saying why (it goes to the audit log)");
        }
        PortView port = fabric.port(nodeGuid, portNumber).orElseThrow(() -> new ProblemException(
                ProblemType.NOT_FOUND, "no port " + nodeGuid + "/" + portNumber + " has been reported"));
        checkReachable(port, executor(port), clock.instant());
        return port;
    }

    private static AgentRole executor(PortView port) {
        return port.nodeType() == NodeType.SWITCH ? AgentRole.DISCOVER : AgentRole.NODE;
    }

    private Mono<Requested> queue(CommandKind kind, PortView port, AgentRole executor, String reason, String actor,
                                  Instant now) {
        CommandRow row = CommandRow.queued(kind, port.nodeGuid(), port.portNumber(), port.peerGuid(), port.peerPort(),
                executor, actor, reason, now, now.plus(properties.lifetime()));
        return repository.insert(row)
                .flatMap(stored -> audit.record(actor, "port." + kind.id(), stored.target(),
                                "command " + stored.id() + " queued for the port's " + executor.id() + " agent: " + reason)
                        .thenReturn(stored))
                .doOnNext(stored -> {
                    queued.put(stored.id(), stored);
                    wakeExecutor(stored);
                })
                .map(stored -> new Requested(stored, false));
    }

    /**
     * Refuses to take down the master subnet manager's port or the switch port across its cable: the SM would lose
     * the fabric (and every port it configures with it). Paths through further switches are not checked here.
     */
    private void checkNotTheSubnetManagersCable(PortView port) {
        PortRef target = new PortRef(port.nodeGuid(), port.portNumber());
        PortRef acrossCable = port.peerGuid() == null ? null : new PortRef(port.peerGuid(), port.peerPort());
        for (SubnetManagerView sm : managers.managers()) {
            if (sm.state() != SmState.MASTER || sm.lid() == 0) {
                continue;
            }
            PortRef smPort = reach.hostPortAt(sm.lid()).orElse(null);
            if (smPort == null) {
                // Where the master is cannot be told: refusing is the safe side (a walk names it soon).
                throw new ProblemException(ProblemType.CONFLICT, "refused for now: the master subnet manager (LID "
                        + sm.lid() + ") has not been located on a host port yet, so the server cannot tell whether "
                        + port.nodeName() + " port " + port.portNumber() + " is on its cable; try again after the "
                        + "next fabric walk");
            }
            if (smPort.equals(target) || smPort.equals(acrossCable)) {
                throw new ProblemException(ProblemType.CONFLICT, "refused: " + port.nodeName() + " port "
                        + port.portNumber() + " is " + (smPort.equals(target) ? "the port" : "across the cable")
                        + " of the master subnet manager (LID " + sm.lid() + "); disabling it would take the SM off "
                        + "the fabric");
            }
        }
    }

    private void checkReachable(PortView port, AgentRole executor, Instant now) {
        String name = port.nodeName() + " (" + port.nodeGuid() + ") port " + port.portNumber();
        CommandReach.Reach agent = reach.agentFor(port.nodeGuid(), executor).orElse(null);
        if (agent == null) {
            throw new ProblemException(ProblemType.CONFLICT, executor == AgentRole.DISCOVER
                    ? "no agent reaches " + name + ": a switch port is changed by a discover-role agent "
                    + "(fabricpulse-agent run --role discover), and none has swept this switch"
                    : "no agent reaches " + name + ": an HCA port is changed by its host's own agent, and none "
                    + "has reported this host");
        }
        Duration silent = Duration.between(agent.seenAt(), now);
        if (silent.compareTo(properties.reachWindow()) > 0) {
            throw new ProblemException(ProblemType.CONFLICT, "no agent reaches " + name + ": agent "
                    + agent.agentId() + ", which reported it, has been silent for " + silent.toSeconds() + " s");
        }
    }

    @Override
    public Mono<List<AgentCommand>> take(IngestBatch batch, AgentCredential credential) {
        Instant now = clock.instant();
        reach.heard(batch, credential, now);
        return handOut(batch.agentId(), now, row -> reach.mayExecute(credential, batch.agentId(), row.executor())
                && reports(batch, row));
    }

    /** Its long-poll: the orders for nodes whose counters this replica last heard from {@code agentId}. */
    @Override
    public Mono<List<AgentCommand>> takeWaiting(String agentId, AgentCredential credential) {
        return handOut(agentId, clock.instant(), row -> reach.mayExecute(credential, agentId, row.executor())
                && reach.agentFor(row.nodeGuid(), row.executor()).map(CommandReach.Reach::agentId)
                .filter(agentId::equals).isPresent());
    }

    /** Hands {@code agentId} the live queued orders {@code mine} picks, each once across replicas and pushes. */
    private Mono<List<AgentCommand>> handOut(String agentId, Instant now, Predicate<CommandRow> mine) {
        if (queued.isEmpty()) {
            return Mono.just(List.of());
        }
        List<CommandRow> picked = new ArrayList<>();
        for (CommandRow row : queued.values()) {
            if (row.expiresAt().isAfter(now) && mine.test(row)) {
                picked.add(row);
            }
        }
        return Flux.fromIterable(picked)
                .concatMap(row -> repository.take(row.id(), agentId, now)
                        .doOnNext(taken -> queued.remove(row.id()))
                        .filter(Boolean::booleanValue)
                        .doOnNext(taken -> {
                            if (row.kind().portControl()) {
                                noteStateChange(row.sent(agentId, now));
                            }
                        })
                        .map(taken -> row.toWire()))
                .collectList()
                .onErrorResume(e -> {
                    // Its answer must not fail (a batch is stored already); the orders wait for the next look.
                    log.warn("orders for agent {} not handed out this time: {}", agentId, e.toString());
                    return Mono.just(List.of());
                });
    }

    /** Wakes the long-poll of the agent that can execute {@code row}, if it holds one here. */
    private void wakeExecutor(CommandRow row) {
        reach.agentFor(row.nodeGuid(), row.executor()).ifPresent(agent -> polls.wake(agent.agentId()));
    }

    /**
     * Whether the batch carries the order's node with counters: its agent reads that node, so it can act on its
     * ports (a disabled switch port itself drops out of the sweep, and must still be enabled again).
     */
    private static boolean reports(IngestBatch batch, CommandRow row) {
        for (NodeReport node : batch.nodes()) {
            if (node.guid().equals(row.nodeGuid())) {
                for (PortReport port : node.ports()) {
                    if (port.counters() != null && !port.counters().isEmpty()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Records {@code agentId}'s answer to order {@code id}, audited; a done clear goes into the counter-clear
     * history as requested, with who asked, why and the counters before.
     *
     * @throws ProblemException (as the Mono's error) 404 for an unknown order, 409 for one not sent to this agent
     *                          or already answered (a replayed answer changes nothing)
     */
    public Mono<CommandRow> answer(long id, String agentId, CommandResult result) {
        return Mono.defer(() -> {
            if (result == null || result.outcome() == null) {
                throw new ProblemException(ProblemType.INVALID_REQUEST, "outcome is required: done, failed or refused");
            }
            String message = oneLine(result.message());
            CommandState state = result.outcome() == CommandResult.Outcome.DONE ? CommandState.DONE : CommandState.FAILED;
            Instant now = clock.instant();
            return repository.find(id)
                    .switchIfEmpty(Mono.error(() -> new ProblemException(ProblemType.NOT_FOUND, "no command " + id)))
                    .flatMap(row -> repository.finish(id, agentId, state, message, now)
                            .flatMap(changed -> {
                                if (!changed) {
                                    return Mono.error(new ProblemException(ProblemType.CONFLICT, "command " + id
                                            + " is " + row.state().id() + (row.agentId() == null ? ""
                                            : " (taken by " + row.agentId() + ")") + ": not waiting for an answer from "
                                            + agentId));
                                }
                                CommandRow done = row.finished(state, agentId, message, now);
                                if (row.kind().portControl()) {
                                    // done: how it was left; failed: as it was before the order was sent
                                    if (state == CommandState.DONE) {
                                        noteStateChange(done);
                                    } else {
                                        forgetSent(row);
                                    }
                                }
                                return recordClear(done, result)
                                        .then(audit.record("agent:" + agentId, "port." + row.kind().id() + "."
                                                + state.id(), row.target(), "command " + id + " asked by "
                                                + row.requestedBy() + ": " + message))
                                        .thenReturn(done);
                            }));
        });
    }

    private Mono<Void> recordClear(CommandRow done, CommandResult result) {
        if (done.kind() != CommandKind.CLEAR_COUNTERS || done.state() != CommandState.DONE) {
            return Mono.empty();
        }
        Map<String, Long> before = result.countersBefore() == null ? Map.of() : new TreeMap<>(result.countersBefore());
        List<PortCounter> counters = new ArrayList<>();
        StringJoiner text = new StringJoiner(" ");
        before.forEach((name, value) -> {
            PortCounter counter = PortCounter.ofIbaName(name);
            if (counter != null) {
                counters.add(counter);
                text.add(name + "=" + Long.toUnsignedString(value));
            }
        });
        if (counters.isEmpty()) {
            counters.addAll(List.of(PortCounter.values()));
        }
        String beforeText = text.length() == 0 ? null : cut(text.toString(), CounterClearRow.MAX_COUNTERS_BEFORE);
        return clears.insertAll(List.of(CounterClearRow.requested(done.nodeGuid(), done.portNumber(), counters,
                done.finishedAt(), done.requestedBy(), done.reason(), beforeText))).then();
    }

    /** The port's orders, newest first. */
    public Flux<CommandRow> ofPort(String nodeGuid, int portNumber, int limit) {
        return repository.forPort(nodeGuid, portNumber, limit);
    }

    public Mono<CommandRow> find(long id) {
        return repository.find(id);
    }

    /**
     * Reads the queued orders again (those queued on other replicas reach this one's agents too) and how each port
     * was last left by a done disable, enable or bounce.
     */
    Mono<Void> refresh() {
        return repository.queued(clock.instant()).collectList().doOnNext(rows -> {
            queued.keySet().retainAll(rows.stream().map(CommandRow::id).toList());
            rows.forEach(row -> {
                if (queued.putIfAbsent(row.id(), row) == null) {
                    wakeExecutor(row); // queued on another replica: its agent may hold its poll here
                }
            });
        }).then(repository.stateChanges().collectList().doOnNext(rows -> {
            Map<PortRef, IntendedDown> left = new HashMap<>();
            rows.forEach(row -> leave(left, row));
            disabled = Map.copyOf(left);
        })).then();
    }

    /** A sent disable that failed: the port is not down on purpose after all (the next refresh says how it is). */
    private synchronized void forgetSent(CommandRow row) {
        Map<PortRef, IntendedDown> left = new HashMap<>(disabled);
        left.remove(new PortRef(row.nodeGuid(), row.portNumber()));
        if (row.peerGuid() != null) {
            left.remove(new PortRef(row.peerGuid(), row.peerPort()));
        }
        disabled = Map.copyOf(left);
    }

    private synchronized void noteStateChange(CommandRow done) {
        Map<PortRef, IntendedDown> left = new HashMap<>(disabled);
        leave(left, done);
        disabled = Map.copyOf(left);
    }

    /**
     * A disable (sent or done) leaves the port and its cable's far end down on purpose, and so does a bounce while it
     * is being done; an enable or a done bounce leaves them up. Sent counts: the agent's next batch may show the port
     * down before its answer arrives.
     */
    private static void leave(Map<PortRef, IntendedDown> ports, CommandRow row) {
        boolean down = row.kind() == CommandKind.PORT_DISABLE
                || (row.kind() == CommandKind.PORT_BOUNCE && row.state() == CommandState.SENT);
        Instant at = row.finishedAt() != null ? row.finishedAt() : row.sentAt();
        List<PortRef> ends = new ArrayList<>(List.of(new PortRef(row.nodeGuid(), row.portNumber())));
        if (row.peerGuid() != null && row.peerPort() > 0) {
            ends.add(new PortRef(row.peerGuid(), row.peerPort()));
        }
        for (PortRef end : ends) {
            if (down) {
                ports.put(end, new IntendedDown(row.requestedBy(), at, row.reason()));
            } else {
                ports.remove(end);
            }
        }
    }

    /** Why the port is down on purpose, while that is younger than {@code disabled-warn-after}. */
    @Override
    public IntendedDown of(PortRef port) {
        IntendedDown down = disabled.get(port);
        return down == null || !clock.instant().isBefore(down.at().plus(properties.disabledWarnAfter())) ? null : down;
    }

    /** Why the port is down on purpose, however long ago (for pages: "disabled by … at …: …"); null when not. */
    public IntendedDown disabledOnPurpose(String nodeGuid, int portNumber) {
        return disabled.get(new PortRef(nodeGuid, portNumber));
    }

    /** Every port down on purpose (both ends of each disabled cable), however long ago. */
    public Map<PortRef, IntendedDown> disabledOnPurpose() {
        return disabled;
    }

    /** Expires orders past their time, each once across replicas, audited. */
    Mono<Void> expireOverdue() {
        Instant now = clock.instant();
        return repository.overdue(now)
                .concatMap(row -> {
                    String why = row.state() == CommandState.QUEUED
                            ? "expired: no agent took it within " + properties.lifetime().toSeconds() + " s"
                            : "expired: agent " + row.agentId() + " took it but did not answer in time";
                    return repository.expire(row, why, now)
                            .filter(Boolean::booleanValue)
                            .flatMap(expired -> audit.record("system", "port." + row.kind().id() + ".expired",
                                    row.target(), "command " + row.id() + " asked by " + row.requestedBy() + ": " + why));
                })
                .then(Mono.fromRunnable(() -> queued.values().removeIf(row -> !row.expiresAt().isAfter(now))));
    }

    private static String oneLine(String text) {
        if (text == null || text.isBlank()) {
            return "(no message)";
        }
        String line = text.codePoints().map(cp -> Character.isISOControl(cp) ? ' ' : cp)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString().strip();
        return cut(line, CommandRow.MAX_ANSWER);
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    private static String cut(String actor) {
        return cut(actor, MAX_REQUESTER);
    }
}
