package io.fabricpulse.server.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabricpulse.security.*}: who may read and change things (agents are authenticated by
 * {@code fabricpulse.ingest.agent-token}, not here).
 *
 * @param adminUser     name of the one administrator account
 * @param adminPassword its password ({@code FABRICPULSE_ADMIN_PASSWORD}); a value of the form
 *                      {@code {bcrypt}$2a$...} is taken as already encoded. When blank a random one
 *                      is generated at each start and logged once
 * @param anonymousRead let anyone GET the pages and the read API without signing in (the demo turns
 *                      this on; writes always need a user)
 */
@ConfigurationProperties("fabricpulse.security")
public record SecurityProperties(@DefaultValue("admin") String adminUser,
                                 String adminPassword,
                                 @DefaultValue("false") boolean anonymousRead) {
}
