package io.fabricpulse.server.security;

import io.fabricpulse.server.ingest.IngestProperties;
import io.fabricpulse.server.security.token.AgentTokenStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * Says once at startup how agents can authenticate, and warns loudly when none can: no configured
 * token and no issued one means every ingest is refused.
 */
@Component
class AgentAccessReport {

    private static final Logger log = LoggerFactory.getLogger(AgentAccessReport.class);
    private static final Duration COUNT_TIMEOUT = Duration.ofSeconds(10);

    private final IngestProperties ingest;
    private final AgentTokenStore issuedTokens;

    AgentAccessReport(IngestProperties ingest, AgentTokenStore issuedTokens) {
        this.ingest = ingest;
        this.issuedTokens = issuedTokens;
    }

    @EventListener(ApplicationReadyEvent.class)
    void report() {
        long issued;
        try {
            Long active = issuedTokens.countActive().block(COUNT_TIMEOUT);
            issued = active == null ? 0 : active;
        } catch (RuntimeException fault) {
            log.warn("Cannot count the issued agent tokens (state store: {}); agents with issued tokens get 503 "
                    + "until it answers", fault.toString());
            return;
        }
        if (ingest.hasAgentToken()) {
            log.info("Agents authenticate on {} with the configured agent token and {} issued agent token(s)",
                    SecurityConfiguration.INGEST_PATH, issued);
        } else if (issued > 0) {
            log.info("Agents authenticate on {} with {} issued agent token(s); no shared agent token is configured",
                    SecurityConfiguration.INGEST_PATH, issued);
        } else {
            log.warn("No agent token configured and none issued: every POST {} is refused with 401. Set one with the "
                    + "environment variable FABRICPULSE_AGENT_TOKEN=<secret> (or fabricpulse.ingest.agent-token) and "
                    + "give agents the same value (fabricpulse-agent run --token).", SecurityConfiguration.INGEST_PATH);
        }
    }
}
