/**
 * The subnet manager watch: more than one master SM, or the master changed (rule {@code sm-master}),
 * from the MasterSMLID every Active port reports. See docs/ALERTING.md.
 */
package io.fabricpulse.server.alerting.sm;
