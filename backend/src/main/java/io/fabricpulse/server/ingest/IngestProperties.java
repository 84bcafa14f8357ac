package io.fabricpulse.server.ingest;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * {@code fabricpulse.ingest.*}: how {@code POST /api/v1/ingest} authenticates agents and how much it accepts.
 *
 * @param agentToken          the bearer token agents must send ({@code FABRICPULSE_AGENT_TOKEN}); when
 *                            blank every ingest is refused with 401
 * @param maxBodySize         largest request body as sent (compressed when gzip); larger: 413
 * @param maxDecompressedSize largest body after gzip decompression (decompression-bomb guard); larger: 413
 * @param maxClockSkew        how far in the future a batch's {@code collectedAt} may lie (agent clocks drift)
 * @param dedupWindow         how many recent sequence numbers are remembered per agent to recognise replays
 */
@ConfigurationProperties("fabricpulse.ingest")
public record IngestProperties(String agentToken,
                               @DefaultValue("4MB") DataSize maxBodySize,
                               @DefaultValue("64MB") DataSize maxDecompressedSize,
                               @DefaultValue("5m") Duration maxClockSkew,
                               @DefaultValue("256") int dedupWindow) {

    public IngestProperties {
        requirePositive("max-body-size", maxBodySize.toBytes());
        requirePositive("max-decompressed-size", maxDecompressedSize.toBytes());
        requirePositive("dedup-window", dedupWindow);
        if (maxBodySize.toBytes() > Integer.MAX_VALUE - 8 || maxDecompressedSize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("fabricpulse.ingest.max-body-size and max-decompressed-size must be below 2GB: "
                    + "a batch is held in memory whole");
        }
        if (maxClockSkew.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.ingest.max-clock-skew must not be negative, got " + maxClockSkew);
        }
    }

    /** Whether an agent token is configured at all. */
    public boolean hasAgentToken() {
        return agentToken != null && !agentToken.isBlank();
    }

    private static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException("fabricpulse.ingest." + name + " must be positive, got " + value);
        }
    }
}
