package io.fabricpulse.server.alerting;

/**
 * Where a cable belongs by the fabric's history and its baseline (the topology feature's cable history):
 * what makes a Down, Polling or Disabled port a lost cable rather than an empty port.
 */
@FunctionalInterface
public interface ExpectedPeers {

    /** Nothing known: every port that is not up is an empty port. */
    ExpectedPeers NONE = port -> null;

    /** The far end {@code port} has been linked to, null when none is known. */
    PortRef of(PortRef port);
}
