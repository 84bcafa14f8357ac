package io.fabricpulse.server.ingest;

import java.util.Locale;

/**
 * What an agent's credential lets it report: a {@code node} agent its host's own nodes and the switch
 * ports its cables reach; a {@code discover} agent also the switches of the fabric it walks (and the
 * hosts it finds there by identity, never their counters).
 */
public enum AgentRole {
    NODE,
    DISCOVER;

    /** The role's name in APIs, settings and token scopes: {@code node}, {@code discover}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the roles when {@code id} is none of them */
    public static AgentRole of(String id) {
        for (AgentRole role : values()) {
            if (role.id().equals(id)) {
                return role;
            }
        }
        throw new IllegalArgumentException("unknown role '" + id + "'; one of node, discover");
    }
}
