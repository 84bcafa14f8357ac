/**
 * Topology changes against the baseline as alerts (rule {@code topology-changed}). Alerting depends
 * on the topology feature here, never the reverse. See docs/ALERTING.md.
 */
package io.fabricpulse.server.alerting.topology;
