package io.fabricpulse.agent.sim;

import java.util.SplittableRandom;

/**
 * The traffic one simulated port sends: a steady share of the link's capacity with a slow wave on
 * top, so that charts move while the counters stay a pure function of time (the byte count is the
 * closed-form integral of the rate). Every figure is drawn from a generator seeded with the port's
 * identity, so a port always gets the same traffic.
 *
 * @param bytesPerSecond mean rate
 * @param wave           relative amplitude of the wave (below 1, so the rate never stops)
 * @param periodSeconds  period of the wave
 * @param phase          where in the wave the simulation starts, radians
 * @param packetBytes    mean packet size, for the packet counters
 * @param stalled        share of the time the port waits for credits when nothing is wrong (PortXmitWait)
 */
record TrafficProfile(double bytesPerSecond, double wave, double periodSeconds, double phase, double packetBytes,
                      double stalled) {

    /** A profile for port {@code port} of node {@code nodeGuid} on a link of {@code capacityBytesPerSecond}. */
    static TrafficProfile of(long nodeGuid, int port, double capacityBytesPerSecond) {
        SplittableRandom random = new SplittableRandom(nodeGuid * 0x9E3779B97F4A7C15L + port);
        double utilisation = 0.05 + 0.40 * random.nextDouble();
        return new TrafficProfile(capacityBytesPerSecond * utilisation, 0.1 + 0.4 * random.nextDouble(),
                120 + 780 * random.nextDouble(), 2 * Math.PI * random.nextDouble(), 1024 + 3072 * random.nextDouble(),
                0.0005 * random.nextDouble());
    }

    /** Bytes sent in the first {@code activeSeconds} seconds the link was up. */
    double bytes(double activeSeconds) {
        double omega = 2 * Math.PI / periodSeconds;
        return bytesPerSecond * (activeSeconds + wave / omega * (Math.cos(phase) - Math.cos(omega * activeSeconds + phase)));
    }
}
