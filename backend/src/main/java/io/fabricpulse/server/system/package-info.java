/** Server-wide infrastructure beans, such as the one {@link java.time.Clock}. */
package io.fabricpulse.server.system;
