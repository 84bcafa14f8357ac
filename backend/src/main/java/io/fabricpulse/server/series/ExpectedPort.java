package io.fabricpulse.server.series;

import java.time.Instant;
import java.util.Objects;

/** A port whose points will follow, and the time of its sample that gave none: they are all later. */
public record ExpectedPort(PortSeriesKey port, Instant since) {

    public ExpectedPort {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(since, "since");
    }
}
