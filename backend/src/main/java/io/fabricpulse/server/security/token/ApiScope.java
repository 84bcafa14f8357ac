package io.fabricpulse.server.security.token;

import com.fasterxml.jackson.annotation.JsonValue;
import io.fabricpulse.server.security.Permission;
import io.fabricpulse.server.security.Role;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an API token may do, named for what a ticket system needs. Like the roles, each scope
 * includes the ones before it: a token that acknowledges alerts must also be able to read them.
 */
public enum ApiScope {
    READ(Role.VIEWER),
    ACK(Role.OPERATOR),
    ADMIN(Role.ADMIN);

    private final Role equivalent;

    ApiScope(Role equivalent) {
        this.equivalent = equivalent;
    }

    @JsonValue
    /** The name in the API and the database: {@code read}, {@code ack}, {@code admin}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public Set<Permission> permissions() {
        return equivalent.permissions();
    }

    /**
     * @throws IllegalArgumentException naming the scopes there are, when {@code id} is none of them
     */
    public static ApiScope of(String id) {
        return Arrays.stream(values()).filter(scope -> scope.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown API token scope '" + id + "'; known: "
                        + Arrays.stream(values()).map(ApiScope::id).collect(Collectors.joining(", "))));
    }
}
