package io.fabricpulse.server.system;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.http.*}: how long a client may take, so a slow or stalled one cannot hold a connection
 * (and its memory) for ever.
 *
 * @param headerTimeout  from a connection's start, or the end of its previous answer, until a request's
 *                       headers are complete: headers sent a byte at a time, and idle keep-alive connections,
 *                       end here
 * @param readTimeout    the longest pause between two reads of a request's body
 * @param requestTimeout the longest a request's whole body may take to arrive (an agent's batch of a few MB
 *                       takes well under a second on any network it should be on)
 */
@ConfigurationProperties("fabricpulse.http")
public record HttpTimeoutsProperties(@DefaultValue("30s") Duration headerTimeout,
                                     @DefaultValue("10s") Duration readTimeout,
                                     @DefaultValue("30s") Duration requestTimeout) {

    public HttpTimeoutsProperties {
        for (Duration timeout : new Duration[] {headerTimeout, readTimeout, requestTimeout}) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("fabricpulse.http.header-timeout, read-timeout and request-timeout "
                        + "must be positive");
            }
        }
    }
}
