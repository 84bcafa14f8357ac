package io.fabricpulse.server.security;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * What a request may do. Roles (people) and scopes (API tokens) both come down to these, so the one
 * rule table ({@link AccessRules}) speaks of permissions only and never of who holds them.
 */
public enum Permission {
    /** Read pages and the API: the fabric, rates, alerts, silences, rules, topology. */
    READ,
    /** Acknowledge, comment and resolve alerts; create and end silences. */
    ACK,
    /** Change the configuration: rules, webhooks, tokens, names, clusters, baselines, settings; read the audit log. */
    ADMIN;

    /** The Spring Security authority naming this permission. */
    public String authority() {
        return "PERM_" + name();
    }

    public GrantedAuthority grantedAuthority() {
        return new SimpleGrantedAuthority(authority());
    }
}
