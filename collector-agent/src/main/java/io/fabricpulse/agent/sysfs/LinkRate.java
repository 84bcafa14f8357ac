package io.fabricpulse.agent.sysfs;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * Active width and speed as a port's {@code rate} file states them ("200 Gb/sec (4X HDR)"), and the rate
 * in Gb/s at its start. For RoCE ports the kernel derives width and speed from the Ethernet speed (100GbE
 * reads "4X EDR", 25GbE "1X EDR"): only the Gb/s mean anything there.
 */
record LinkRate(LinkWidth width, LinkSpeed speed, double gbps) {
}
