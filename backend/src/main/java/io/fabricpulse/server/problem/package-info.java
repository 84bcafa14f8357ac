/**
 * RFC 9457 problem details, the one error format of the HTTP API: the problem types FabricPulse
 * answers with, the exception that carries one through a handler, and its rendering; and
 * {@link io.fabricpulse.server.problem.ReadQuery}, the check of a read endpoint's query parameters that
 * every API (fabric, charts, topology, alerts, audit) answers bad input with.
 */
package io.fabricpulse.server.problem;
