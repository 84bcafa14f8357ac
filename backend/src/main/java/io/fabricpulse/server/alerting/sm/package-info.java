/**
 * The subnet manager rules: no master ({@code sm-no-master}), more than one master or the master changed
 * ({@code sm-master}), a hung master ({@code sm-hung}), from the SMInfo answers the {@code sm} registry keeps. See docs/ALERTING.md.
 */
package io.fabricpulse.server.alerting.sm;
