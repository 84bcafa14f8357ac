package io.fabricpulse.server.security;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** A person's role. Each one includes everything the one before it may do. */
public enum Role {
    /** Watches the fabric: reads everything but tokens, webhooks and the audit log. */
    VIEWER(EnumSet.of(Permission.READ)),
    /** Works the alerts: a viewer who also acknowledges, comments, resolves and silences. */
    OPERATOR(EnumSet.of(Permission.READ, Permission.ACK)),
    /** Runs the server: an operator who also changes rules, webhooks, tokens, names and settings. */
    ADMIN(EnumSet.allOf(Permission.class));

    private final Set<Permission> permissions;

    Role(Set<Permission> permissions) {
        this.permissions = Set.copyOf(permissions);
    }

    public Set<Permission> permissions() {
        return permissions;
    }

    /** {@code ROLE_<name>} (for templates and {@code hasRole}) and the permissions' authorities. */
    public List<GrantedAuthority> authorities() {
        List<GrantedAuthority> authorities = new ArrayList<>();
        authorities.add(new SimpleGrantedAuthority("ROLE_" + name()));
        permissions.stream().sorted().map(Permission::grantedAuthority).forEach(authorities::add);
        return List.copyOf(authorities);
    }
}
