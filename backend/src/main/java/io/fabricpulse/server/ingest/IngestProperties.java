package io.fabricpulse.server.ingest;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.Set;

/**
 * {@code fabricpulse.ingest.*}: how {@code POST /api/v1/ingest} authenticates agents and how much it accepts.
 *
 * @param agentToken          the shared bearer token every agent may send ({@code FABRICPULSE_AGENT_TOKEN}):
 *                            for small sites; it can name any agent id (docs/OPERATIONS.md, "Security").
 *                            Blank: only per-agent credentials authenticate
 * @param bootstrapToken      a token that only enrols agents ({@code FABRICPULSE_BOOTSTRAP_TOKEN}): an agent
 *                            trades it once for a credential of its own; blank: none configured
 * @param bootstrapRoles      the roles the configured bootstrap token may enrol agents in
 * @param maxBodySize         largest request body as sent (compressed when gzip); larger: 413
 * @param maxDecompressedSize largest body after gzip decompression (decompression-bomb guard); larger: 413
 * @param maxClockSkew        how far ahead of the server's clock a batch's {@code collectedAt} may lie (agent
 *                            clocks drift); within it, a sample dated ahead is timed at its arrival
 * @param maxSampleAge        how far behind the server's clock it may lie (a spool replayed after an outage)
 * @param maxPortsPerBatch    the most port samples one batch may carry
 * @param dedupWindow         how many recent sequence numbers are remembered per agent to recognise replays
 * @param aheadTolerance      a batch dated ahead of the server's clock by up to this keeps its time (whole
 *                            replicas then agree on it, docs/DEPLOYMENT.md); further ahead, it is timed at arrival
 */
@ConfigurationProperties("fabricpulse.ingest")
public record IngestProperties(String agentToken,
                               String bootstrapToken,
                               @DefaultValue("node") Set<AgentRole> bootstrapRoles,
                               @DefaultValue("4MB") DataSize maxBodySize,
                               @DefaultValue("64MB") DataSize maxDecompressedSize,
                               @DefaultValue("1m") Duration maxClockSkew,
                               @DefaultValue("7d") Duration maxSampleAge,
                               @DefaultValue("50000") int maxPortsPerBatch,
                               @DefaultValue("256") int dedupWindow,
                               @DefaultValue("5s") Duration aheadTolerance) {

    public IngestProperties {
        bootstrapRoles = Set.copyOf(bootstrapRoles);
        requirePositive("max-body-size", maxBodySize.toBytes());
        requirePositive("max-decompressed-size", maxDecompressedSize.toBytes());
        requirePositive("max-ports-per-batch", maxPortsPerBatch);
        requirePositive("dedup-window", dedupWindow);
        if (maxBodySize.toBytes() > Integer.MAX_VALUE - 8 || maxDecompressedSize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("fabricpulse.ingest.max-body-size and max-decompressed-size must be below 2GB: "
                    + "a batch is held in memory whole");
        }
        if (maxClockSkew.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.ingest.max-clock-skew must not be negative, got " + maxClockSkew);
        }
        requirePositive("max-sample-age", maxSampleAge.toSeconds());
        if (aheadTolerance.isNegative() || aheadTolerance.compareTo(maxClockSkew) > 0) {
            throw new IllegalArgumentException("fabricpulse.ingest.ahead-tolerance must be between 0 and max-clock-skew ("
                    + maxClockSkew + "), got " + aheadTolerance);
        }
        if (hasText(agentToken) && hasText(bootstrapToken) && agentToken.equals(bootstrapToken)) {
            throw new IllegalArgumentException("fabricpulse.ingest.bootstrap-token must differ from agent-token: one "
                    + "only enrols, the other ingests");
        }
    }

    /** Whether a shared agent token is configured at all. */
    public boolean hasAgentToken() {
        return hasText(agentToken);
    }

    /** Whether a bootstrap token is configured. */
    public boolean hasBootstrapToken() {
        return hasText(bootstrapToken);
    }

    private static boolean hasText(String text) {
        return text != null && !text.isBlank();
    }

    private static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException("fabricpulse.ingest." + name + " must be positive, got " + value);
        }
    }
}
