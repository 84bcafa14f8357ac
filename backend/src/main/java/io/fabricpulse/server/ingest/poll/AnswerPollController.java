package io.fabricpulse.server.ingest.poll;

import io.fabricpulse.model.command.AgentAnswer;
import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.SweepShard;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentOrders;
import io.fabricpulse.server.ingest.SweepAssignments;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /api/v1/ingest/answers/{agentId}?sweep=V}: an agent's long-poll on the agent chain (its bearer token;
 * an agent's own token polls only for its own id, 403 otherwise). Answered at once when there is something new for
 * the agent (an order it can execute, or a shard other than version {@code V}, 0 for none), else when something
 * comes, else after the hold with what there is. The body is an {@link AgentAnswer}: the {@code commands} and
 * {@code sweep} parts of an ingest answer. The agent polls again at once; see {@link AgentPolls} for what its
 * going away means.
 */
@RestController
class AnswerPollController {

    static final int MAX_AGENT_ID = 128;

    private final AgentPolls polls;
    private final AgentPollProperties properties;
    private final List<AgentOrders> orders;
    private final List<SweepAssignments> sweeps;

    AnswerPollController(AgentPolls polls, AgentPollProperties properties, List<AgentOrders> orders,
                         List<SweepAssignments> sweeps) {
        this.polls = polls;
        this.properties = properties;
        this.orders = List.copyOf(orders);
        this.sweeps = List.copyOf(sweeps);
    }

    @GetMapping("/api/v1/ingest/answers/{agentId}")
    Mono<AgentAnswer> poll(@PathVariable String agentId, @RequestParam(defaultValue = "0") long sweep,
                           Authentication authentication) {
        AgentCredential credential = (AgentCredential) authentication.getDetails();
        check(agentId, credential);
        AgentPolls.Poll poll = polls.open(agentId);
        return Flux.merge(Flux.just(AgentPolls.Tick.FIRST), poll.ticks().onBackpressureLatest(),
                        Mono.delay(properties.hold()).map(elapsed -> AgentPolls.Tick.END))
                // One look at a time; a look that took orders always answers, so none is lost to a later tick.
                .concatMap(tick -> now(agentId, credential)
                        .filter(answer -> tick == AgentPolls.Tick.END || !answer.commands().isEmpty()
                                || answer.sweepVersion() != sweep), 1)
                .next()
                .doOnCancel(() -> polls.ended(poll, true))
                .doOnTerminate(() -> polls.ended(poll, false));
    }

    private static void check(String agentId, AgentCredential credential) {
        if (agentId.isEmpty() || agentId.length() > MAX_AGENT_ID
                || agentId.codePoints().anyMatch(cp -> Character.isWhitespace(cp) || Character.isISOControl(cp))) {
            throw new ProblemException(ProblemType.INVALID_REQUEST, "agent id: 1 to " + MAX_AGENT_ID
                    + " printable characters without blanks");
        }
        if (credential.kind() == AgentCredential.Kind.AGENT && !agentId.equals(credential.agentId())) {
            throw new ProblemException(ProblemType.NOT_THIS_AGENTS, "this token belongs to agent "
                    + credential.agentId() + ", not " + agentId + ": an agent polls only for its own answers");
        }
        if (credential.kind() != AgentCredential.Kind.AGENT && credential.kind() != AgentCredential.Kind.SHARED) {
            throw new ProblemException(ProblemType.FORBIDDEN, "only an agent's token polls for its answers");
        }
    }

    /** What there is for the agent now: the orders it takes (once, across replicas) and its shard. */
    private Mono<AgentAnswer> now(String agentId, AgentCredential credential) {
        Mono<List<AgentCommand>> taken = Flux.fromIterable(orders)
                .concatMap(source -> source.takeWaiting(agentId, credential))
                .collect(ArrayList::new, List::addAll);
        SweepShard shard = sweeps.stream().map(source -> source.shardOf(agentId)).filter(s -> s != null)
                .findFirst().orElse(null);
        return taken.map(commands -> new AgentAnswer(commands, shard));
    }
}
