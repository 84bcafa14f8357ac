package io.fabricpulse.agent.command;

import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.command.CommandResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Takes the orders the server's answers carry ({@link AnswerReader}) and executes them one at a time on its own thread (never on the push
 * thread), each id at most once: a replayed or duplicated order is ignored. Before acting it refuses an order past
 * its expiry, for a port this agent does not read, or not allowed by its configuration ("refused by agent policy"),
 * and says so in its answer: an order is never dropped silently.
 */
public final class CommandHandler implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CommandHandler.class);
    /** Ids remembered against replays: far more than orders live at once. */
    static final int REMEMBERED = 4096;
    private static final int ANSWER_ATTEMPTS = 5;
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);

    private final String agentId;
    private final CommandPolicy policy;
    private final KnownPorts ports;
    private final PortActions actions;
    private final AnswerSink answers;
    private final Clock clock;
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("fabricpulse-commands").daemon(true).factory());
    private final Map<Long, Boolean> seen = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > REMEMBERED;
        }
    };

    public CommandHandler(String agentId, CommandPolicy policy, KnownPorts ports, PortActions actions,
                          AnswerSink answers, Clock clock) {
        this.agentId = agentId;
        this.policy = policy;
        this.ports = ports;
        this.actions = actions;
        this.answers = answers;
        this.clock = clock;
    }

    /** Orders from an answer: queues those not seen before (an order handed out twice runs once). */
    public void take(List<AgentCommand> commands) {
        for (AgentCommand command : commands) {
            if (firstTime(command.id())) {
                try {
                    worker.execute(() -> execute(command));
                } catch (RejectedExecutionException e) {
                    return; // stopping
                }
            } else {
                log.info("order {} arrived again; it runs once, ignored", command.id());
            }
        }
    }

    private synchronized boolean firstTime(long id) {
        return seen.putIfAbsent(id, Boolean.TRUE) == null;
    }

    /** Decides and acts on one order, then answers; what it answered is also returned (for tests). */
    CommandResult execute(AgentCommand command) {
        CommandResult result;
        try {
            result = decide(command);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RuntimeException e) {
            result = new CommandResult(agentId, CommandResult.Outcome.FAILED, "failed: " + e, null);
        }
        log.info("order {} ({} on {} port {}): {} — {}", command.id(), command.kind().id(), command.nodeGuid(),
                command.portNumber(), result.outcome(), result.message());
        answer(command.id(), result, 1);
        return result;
    }

    private CommandResult decide(AgentCommand command) throws InterruptedException {
        if (command.expiresAt() == null || !clock.instant().isBefore(command.expiresAt())) {
            return refused("refused: the order expired at " + command.expiresAt());
        }
        if (command.kind() != CommandKind.PORT_ENABLE && command.kind().portControl()
                && ports.isLifeline(command.nodeGuid(), command.portNumber())) {
            return refused("refused: " + command.nodeGuid() + " port " + command.portNumber()
                    + " is how this agent reaches the fabric; disabling it would cut the agent off");
        }
        KnownPorts.Target target = ports.find(command.nodeGuid(), command.portNumber()).orElse(null);
        if (target == null) {
            return refused("refused: " + command.nodeGuid() + " port " + command.portNumber()
                    + " is not one of the ports this agent reads");
        }
        if (!policy.allows(command.kind())) {
            return refused(CommandResult.REFUSED_BY_POLICY + " (" + (command.kind().portControl()
                    ? "started without --allow-port-control" : "started without --allow-counter-clear") + ")");
        }
        return switch (command.kind()) {
            case CLEAR_COUNTERS -> actions.clearCounters(agentId, target);
            case PORT_DISABLE, PORT_ENABLE, PORT_BOUNCE -> actions.setPortState(agentId, target, command.kind());
        };
    }

    private CommandResult refused(String message) {
        return new CommandResult(agentId, CommandResult.Outcome.REFUSED, message, null);
    }

    private void answer(long id, CommandResult result, int attempt) {
        AnswerSink.Sent sent;
        try {
            sent = answers.send(id, result);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!sent.retryable()) {
            if (!sent.accepted()) {
                log.warn("the server did not take the answer to order {}: HTTP {} {}", id, sent.status(), sent.body());
            }
            return;
        }
        if (attempt >= ANSWER_ATTEMPTS) {
            log.warn("gave up answering order {} after {} attempts: {}", id, attempt, sent.body());
            return;
        }
        try {
            worker.schedule(() -> answer(id, result, attempt + 1), FIRST_RETRY.toMillis() << (attempt - 1),
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            log.warn("stopping: the answer to order {} was not delivered", id);
        }
    }

    @Override
    public void close() {
        worker.shutdown();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        answers.close();
    }
}
