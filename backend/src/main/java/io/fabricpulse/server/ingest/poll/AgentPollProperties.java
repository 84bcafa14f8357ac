package io.fabricpulse.server.ingest.poll;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.ingest.poll.*}: the agents' long-poll for what the server has for them.
 *
 * @param hold    an open poll with nothing new is answered (empty) after this; below common proxy idle timeouts
 * @param grace   an agent whose poll its side closed, and that opened none again within this, has gone (its
 *                process ended: the kernel closed its socket)
 * @param maxHeld the most polls this server holds at once (one connection each); more are answered 429
 */
@ConfigurationProperties("fabricpulse.ingest.poll")
public record AgentPollProperties(@DefaultValue("25s") Duration hold,
                                  @DefaultValue("1s") Duration grace,
                                  @DefaultValue("10000") int maxHeld) {

    public AgentPollProperties {
        if (!hold.isPositive() || !grace.isPositive() || maxHeld < 1) {
            throw new IllegalArgumentException("fabricpulse.ingest.poll.hold and grace must be positive, max-held at "
                    + "least 1");
        }
    }
}
