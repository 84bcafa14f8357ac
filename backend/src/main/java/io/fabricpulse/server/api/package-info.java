/** The read API for people and ticket systems: {@code /api/v1/nodes}, {@code /api/v1/ports}. */
package io.fabricpulse.server.api;
