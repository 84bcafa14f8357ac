package io.fabricpulse.server.agents;

import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.ingest.IngestService;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.RetryLaterException;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.security.token.AgentToken;
import io.fabricpulse.server.security.token.AgentTokenStore;
import io.fabricpulse.server.security.token.IssuedAgentToken;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The agents and their credentials, for admins and for enrolment: an agent's own token issued by an admin
 * or traded for a bootstrap token at the agent's first start, listed with its last use, revoked together
 * with everything the server holds for the agent (its owned nodes are freed, its replay window, cable
 * claims and silence watch forgotten).
 */
public class AgentDirectory {

    /** As ingest's agent id, within a token name's 100 characters. */
    private static final Pattern AGENT_ID = Pattern.compile("[A-Za-z0-9._:@-]{1,100}");

    private final AgentTokenStore tokens;
    private final AgentRepository agents;
    private final AgentScopes scopes;
    private final AgentRoster roster;
    private final NodeOwners owners;
    private final IngestService ingest;
    private final AlertEngine alerts;
    private final AuditLogRepository audit;
    private final Clock clock;

    AgentDirectory(AgentTokenStore tokens, AgentRepository agents, AgentScopes scopes, AgentRoster roster,
                   NodeOwners owners, IngestService ingest, AlertEngine alerts, AuditLogRepository audit, Clock clock) {
        this.tokens = tokens;
        this.agents = agents;
        this.scopes = scopes;
        this.roster = roster;
        this.owners = owners;
        this.ingest = ingest;
        this.alerts = alerts;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * One agent as admins see it.
     *
     * @param credential {@code token} when it has a token of its own that is not revoked, {@code revoked}
     *                   when it had one, {@code shared} when it pushed with the shared token
     * @param lastUsedAt the last use of its newest token (at most a minute stale), null when none
     * @param nodes      how many host nodes it owns
     * @param lastSeenAt when this server last let a batch of it in, null when not since it started
     */
    public record AgentView(String agentId, String role, String credential, Long tokenId, Instant issuedAt,
                            String issuedBy, Instant lastUsedAt, Instant revokedAt, long nodes, Instant firstSeenAt,
                            Instant lastSeenAt) {
    }

    /** A bootstrap token as admins see it: never its secret. */
    public record BootstrapView(long id, String name, List<String> roles, Instant createdAt, String createdBy,
                                Instant lastUsedAt, Instant revokedAt) {
    }

    /** Every agent: those let in and those with a token of their own, by id. */
    public Mono<List<AgentView>> list() {
        Mono<Map<String, AgentToken>> newestTokens = tokens.list().filter(token -> token.agentRole() != null)
                .collectList().map(all -> {
                    Map<String, AgentToken> newest = new TreeMap<>();
                    all.stream().sorted(Comparator.comparingLong(AgentToken::id))
                            .forEach(token -> newest.merge(token.name(), token,
                                    (old, later) -> later.revoked() && !old.revoked() ? old : later));
                    return newest;
                });
        return Mono.zip(newestTokens, agents.all().collectList()).map(found -> {
            Map<String, AgentView> views = new TreeMap<>();
            for (AgentRepository.AgentRow row : found.getT2()) {
                views.put(row.agentId(), view(row.agentId(), found.getT1().get(row.agentId()), row));
            }
            found.getT1().forEach((agentId, token) -> views.computeIfAbsent(agentId, id -> view(id, token, null)));
            return List.copyOf(views.values());
        });
    }

    private AgentView view(String agentId, AgentToken token, AgentRepository.AgentRow row) {
        String credential = token == null ? "shared" : token.revoked() ? "revoked" : "token";
        return new AgentView(agentId, token == null ? null : token.agentRole().id(), credential,
                token == null ? null : token.id(), token == null ? null : token.createdAt(),
                token == null ? null : token.createdBy(), token == null ? null : token.lastUsedAt(),
                token == null ? null : token.revokedAt(), row == null ? 0 : row.nodes(),
                row == null ? null : row.firstSeen(), roster.lastSeen(agentId));
    }

    /**
     * Issues an agent's own token (an admin did); the secret is in the answer only. The agent is known from
     * now on: its first push is not a new agent id for the per-minute bound.
     */
    public Mono<IssuedAgentToken> issue(String agentId, String role, String actor) {
        return Mono.defer(() -> {
            String id = checkedId(agentId);
            AgentRole checked = role(role);
            return agents.register(id, clock.instant()).then(tokens.issueFor(id, checked, actor));
        });
    }

    /**
     * Trades a bootstrap token (or the shared one) for the agent's own token, once: an agent that has an
     * unrevoked token is refused (409), so whoever holds the bootstrap token cannot take over an enrolled
     * agent; an admin removes the agent first.
     */
    public Mono<IssuedAgentToken> enrol(AgentCredential credential, String agentId, String roleId) {
        return Mono.defer(() -> {
            String id = checkedId(agentId);
            AgentRole role = role(roleId);
            if (!credential.roles().contains(role) || credential.kind() == AgentCredential.Kind.AGENT) {
                return Mono.error(new ProblemException(ProblemType.FORBIDDEN, "this token may not enrol agents in the "
                        + role.id() + " role; it may enrol: " + credential.roles().stream().map(AgentRole::id).sorted()
                        .toList()));
            }
            return tokens.named(id).filter(token -> token.agentRole() != null && !token.revoked()).hasElements()
                    .flatMap(enrolled -> enrolled
                            ? Mono.error(new ProblemException(ProblemType.CONFLICT, "agent '" + id + "' is enrolled "
                            + "already; copy its credential file, or have an admin remove the agent "
                            + "(DELETE /api/v1/agents/" + id + ") to enrol it anew"))
                            : newAgentAllowed(id))
                    .then(agents.register(id, clock.instant()))
                    .then(tokens.issueFor(id, role, credential.actor()))
                    .flatMap(issued -> audit.append(AuditEntry.of(clock.instant(), credential.actor(), "agent.enrol",
                            "agent:" + id, "role=" + role.id() + " token=" + issued.token().id())).thenReturn(issued));
        });
    }

    private Mono<Void> newAgentAllowed(String agentId) {
        if (roster.remembers(agentId)) {
            return Mono.empty();
        }
        return agents.exists(agentId).flatMap(stored -> {
            if (stored) {
                return Mono.empty();
            }
            Duration wait = roster.admitNew();
            return wait.isZero() ? Mono.empty() : Mono.error(new RetryLaterException("too many new agents at once "
                    + "(fabricpulse.agents.new-agents-per-minute); try again later", wait));
        });
    }

    /**
     * Removes an agent: revokes its tokens, frees its nodes, forgets what this server remembers of it.
     *
     * @return whether there was such an agent
     */
    public Mono<Boolean> remove(String agentId, String actor) {
        return tokens.named(agentId).filter(token -> token.agentRole() != null && !token.revoked())
                .concatMap(token -> tokens.revoke(token.id(), actor)).collectList()
                .flatMap(revoked -> agents.remove(agentId).map(stored -> stored || !revoked.isEmpty()))
                .flatMap(existed -> !existed ? Mono.just(false)
                        : audit.append(AuditEntry.of(clock.instant(), actor, "agent.revoke", "agent:" + agentId, null))
                        .thenReturn(true))
                .doOnNext(existed -> forget(agentId));
    }

    /** Forgets what this server remembers of the agent; its owned nodes stay its own unless it was removed. */
    void forget(String agentId) {
        scopes.forget(agentId);
        owners.forget(agentId);
        ingest.forget(agentId);
        alerts.forgetAgent(agentId);
    }

    public Flux<BootstrapView> bootstrapTokens() {
        return tokens.list().filter(token -> token.scopes().contains(AgentTokenStore.ENROL))
                .map(token -> new BootstrapView(token.id(), token.name(),
                        token.enrolRoles().stream().map(AgentRole::id).sorted().toList(), token.createdAt(),
                        token.createdBy(), token.lastUsedAt(), token.revokedAt()));
    }

    public Mono<IssuedAgentToken> issueBootstrap(String name, List<String> roleIds, String actor) {
        return Mono.defer(() -> {
            if (roleIds == null || roleIds.isEmpty()) {
                throw new IllegalArgumentException("roles is required: a list of node, discover");
            }
            List<AgentRole> roles = new ArrayList<>();
            for (String id : roleIds) {
                roles.add(role(id));
            }
            return tokens.issueBootstrap(name, Set.copyOf(roles), actor);
        });
    }

    /** Revokes a bootstrap token. @return false when there is no such bootstrap token */
    public Mono<Boolean> revokeBootstrap(long id, String actor) {
        return bootstrapTokens().any(token -> token.id() == id)
                .flatMap(exists -> exists ? tokens.revoke(id, actor).thenReturn(true) : Mono.just(false));
    }

    private static String checkedId(String agentId) {
        if (agentId == null || !AGENT_ID.matcher(agentId).matches()) {
            throw new IllegalArgumentException("agentId must be 1 to 100 letters, digits or . _ : @ -, got '"
                    + (agentId == null ? "" : agentId.length() > 64 ? agentId.substring(0, 64) + "…" : agentId) + "'");
        }
        return agentId;
    }

    private static AgentRole role(String id) {
        return AgentRole.of(id == null ? "node" : id);
    }
}
