package io.fabricpulse.server.security;

import java.util.EnumSet;
import java.util.Set;

/** Who knocks, in the role matrix: nobody, each role by HTTP Basic, each API token scope, an agent. */
enum Caller {
    ANONYMOUS(Kind.NONE, Set.of()),
    VIEWER(Kind.USER, Role.VIEWER.permissions()),
    OPERATOR(Kind.USER, Role.OPERATOR.permissions()),
    ADMIN(Kind.USER, Role.ADMIN.permissions()),
    READ_TOKEN(Kind.API_TOKEN, Role.VIEWER.permissions()),
    ACK_TOKEN(Kind.API_TOKEN, Role.OPERATOR.permissions()),
    ADMIN_TOKEN(Kind.API_TOKEN, Role.ADMIN.permissions()),
    AGENT_TOKEN(Kind.AGENT, Set.of());

    enum Kind { NONE, USER, API_TOKEN, AGENT }

    final Kind kind;
    final Set<Permission> permissions;

    Caller(Kind kind, Set<Permission> permissions) {
        this.kind = kind;
        this.permissions = permissions.isEmpty() ? Set.of() : EnumSet.copyOf(permissions);
    }

    /**
     * What the rule table promises this caller. An agent token is a credential for ingest only: on
     * every other path it is an invalid API token, refused even where anyone may go.
     *
     * @param anonymousRead whether the server lets anonymous visitors read
     */
    boolean allowed(Access access, boolean anonymousRead) {
        if (kind == Kind.AGENT) {
            return access == Access.AGENT;
        }
        return switch (access) {
            case PUBLIC -> true;
            case AGENT -> false;
            case READ, ACK, ADMIN -> permissions.contains(access.permission())
                    || (kind == Kind.NONE && anonymousRead && access == Access.READ);
        };
    }
}
