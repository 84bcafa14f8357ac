package io.fabricpulse.agent.sysfs;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * Active width and speed as a port's {@code rate} file states them ("200 Gb/sec (4X HDR)").
 * For RoCE ports the kernel derives both from the Ethernet speed (100GbE reads "4X EDR").
 */
record LinkRate(LinkWidth width, LinkSpeed speed) {
}
