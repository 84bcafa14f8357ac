package io.fabricpulse.server.agents;

import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes refused batches to the audit log ({@code agent.refused}, the agent as target, what it may not
 * report as detail): the first refusal of an agent in each {@code interval}, so an agent refused every poll
 * leaves one entry a minute, not one a second. A failed write is logged, and the refusal stands.
 */
final class AgentRefusals {

    private static final Logger log = LoggerFactory.getLogger(AgentRefusals.class);
    private static final int MAX_DETAIL = 1000;

    private final AuditLogRepository audit;
    private final Clock clock;
    private final Duration interval;
    private final Map<String, Instant> lastWritten = new ConcurrentHashMap<>();

    AgentRefusals(AuditLogRepository audit, Clock clock, Duration interval) {
        this.audit = audit;
        this.clock = clock;
        this.interval = interval;
    }

    /** Completes once the refusal is recorded (or need not be); never fails. */
    CompletableFuture<Void> record(AgentCredential credential, String agentId, String reason) {
        Instant now = clock.instant();
        boolean[] due = new boolean[1];
        lastWritten.compute(agentId, (id, last) -> {
            due[0] = last == null || !now.isBefore(last.plus(interval));
            return due[0] ? now : last;
        });
        if (!due[0]) {
            return CompletableFuture.completedFuture(null);
        }
        String detail = reason.length() > MAX_DETAIL ? reason.substring(0, MAX_DETAIL) + "…" : reason;
        return audit.append(AuditEntry.of(now, credential.actor(), "agent.refused", "agent:" + agentId, detail))
                .then()
                .onErrorResume(fault -> {
                    log.warn("could not write a refused batch of agent {} to the audit log: {}", agentId, fault.toString());
                    return reactor.core.publisher.Mono.empty();
                })
                .toFuture();
    }

    void forget(String agentId) {
        lastWritten.remove(agentId);
    }
}
