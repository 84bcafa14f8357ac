package io.fabricpulse.server.commands;

import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.command.CommandResult;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.fabric.counterclear.CounterClearRow;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentOrders;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.audit.AuditTrail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Orders to agents, from the request to the answer: {@link #request} checks that an agent reaches the port and
 * queues the order (or joins one already open for the same thing), {@link #take} hands queued orders to the agent
 * that pushed a batch showing it can execute them, {@link #answer} records what the agent did, and
 * {@link #expireOverdue} ends orders nobody took or answered in time.
 *
 * <p>Each replica keeps the queued orders in memory ({@link #refresh} reads them every poll interval), so a push
 * costs no database query when nothing waits; handing one out is a conditional UPDATE, so of all replicas and
 * all pushes exactly one delivers it.
 */
public class PortCommands implements AgentOrders {

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

    PortCommands(CommandRepository repository, CounterClearRepository clears, AuditTrail audit, FabricView fabric,
                 CommandsProperties properties, Clock clock) {
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
        CommandRow row = CommandRow.queued(kind, port.nodeGuid(), port.portNumber(), executor, actor, reason, now,
                now.plus(properties.lifetime()));
        return repository.insert(row)
                .flatMap(stored -> audit.record(actor, "port." + kind.id(), stored.target(),
                                "command " + stored.id() + " queued for the port's " + executor.id() + " agent: " + reason)
                        .thenReturn(stored))
                .doOnNext(stored -> queued.put(stored.id(), stored))
                .map(stored -> new Requested(stored, false));
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
        if (queued.isEmpty()) {
            return Mono.just(List.of());
        }
        List<CommandRow> mine = new ArrayList<>();
        for (CommandRow row : queued.values()) {
            if (row.expiresAt().isAfter(now) && reach.mayExecute(credential, batch.agentId(), row.executor())
                    && reports(batch, row)) {
                mine.add(row);
            }
        }
        return Flux.fromIterable(mine)
                .concatMap(row -> repository.take(row.id(), batch.agentId(), now)
                        .doOnNext(taken -> queued.remove(row.id()))
                        .filter(Boolean::booleanValue)
                        .map(taken -> row.toWire()))
                .collectList()
                .onErrorResume(e -> {
                    // The batch is stored already: its answer must not fail; the orders wait for the next push.
                    log.warn("orders for agent {} not handed out this time: {}", batch.agentId(), e.toString());
                    return Mono.just(List.of());
                });
    }

    /** Whether the batch carries the order's port with counters: its agent reads it, so it can act on it. */
    private static boolean reports(IngestBatch batch, CommandRow row) {
        for (NodeReport node : batch.nodes()) {
            if (node.guid().equals(row.nodeGuid())) {
                for (PortReport port : node.ports()) {
                    if (port.portNumber() == row.portNumber() && port.counters() != null && !port.counters().isEmpty()) {
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
                                CommandRow done = new CommandRow(row.id(), row.kind(), row.nodeGuid(), row.portNumber(),
                                        row.executor(), row.requestedBy(), row.reason(), state, agentId, message,
                                        row.createdAt(), row.expiresAt(), row.sentAt(), now);
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

    /** Reads the queued orders again: those queued on other replicas reach this one's agents too. */
    Mono<Void> refresh() {
        return repository.queued(clock.instant()).collectList().doOnNext(rows -> {
            queued.keySet().retainAll(rows.stream().map(CommandRow::id).toList());
            rows.forEach(row -> queued.putIfAbsent(row.id(), row));
        }).then();
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
