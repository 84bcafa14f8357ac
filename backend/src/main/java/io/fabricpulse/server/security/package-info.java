/**
 * Who may do what: agents with the agent bearer token on ingest, people (HTTP Basic or the login
 * form) everywhere else, anonymous read-only access when {@code fabricpulse.security.anonymous-read}
 * is on (the demo turns it on).
 */
package io.fabricpulse.server.security;
