/**
 * The subnet manager watch: more than one master SM, or the master changed (rule {@code sm-master}),
 * from the MasterSMLID every Active port reports. See docs/ARCHITECTURE.md, "Alerting".
 */
package io.fabricpulse.server.alerting.sm;
