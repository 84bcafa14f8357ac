package io.fabricpulse.server.metrics;

import io.fabricpulse.server.fabric.ExportedPort;

/**
 * One end of what a series describes, as a metric's value function reads it.
 *
 * @param port          the port
 * @param alertSeverity the highest severity open on the port or its link: 0 none, 1 info, 2 warning, 3 critical
 */
record PortSide(ExportedPort port, int alertSeverity) {
}
