package io.fabricpulse.server.alerting;

/**
 * What an alert is about: one port whose far end is unknown, a link (both ends, one alert however
 * many ends see the problem), a node, an agent, or the fabric as a whole (SM, topology).
 */
public enum AlertScope {
    PORT, LINK, NODE, AGENT, FABRIC
}
