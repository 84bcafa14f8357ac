package io.fabricpulse.server.security;

/** Who may make a request that a rule of {@link AccessRules} matches. */
enum Access {
    /** Anyone, signed in or not: health probes, static assets, the login form. */
    PUBLIC(null),
    /** Agents with an agent token, on their own filter chain; nobody else. */
    AGENT(null),
    /** Viewers and up, tokens with the read scope; anonymous too when anonymous-read is on. */
    READ(Permission.READ),
    /** Operators and admins, tokens with the ack scope. */
    ACK(Permission.ACK),
    /** Admins, tokens with the admin scope. */
    ADMIN(Permission.ADMIN);

    private final Permission permission;

    Access(Permission permission) {
        this.permission = permission;
    }

    /** The permission needed; null for {@link #PUBLIC} and {@link #AGENT}, which are not about permissions. */
    Permission permission() {
        return permission;
    }
}
