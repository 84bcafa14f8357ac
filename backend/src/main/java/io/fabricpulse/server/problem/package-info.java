/**
 * RFC 9457 problem details, the one error format of the HTTP API: the problem types FabricPulse
 * answers with, the exception that carries one through a handler, and its rendering.
 */
package io.fabricpulse.server.problem;
