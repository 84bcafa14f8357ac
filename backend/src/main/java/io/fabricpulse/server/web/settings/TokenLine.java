package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.security.token.ApiScope;
import io.fabricpulse.server.security.token.ApiToken;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.stream.Collectors;

/** A row of the API token list: never the secret, which only its creation showed. */
record TokenLine(long id, String name, String scopes, String createdAt, String createdBy, String lastUsedAt,
                 boolean revoked, String revokedAt) {

    static TokenLine of(ApiToken token, DisplayFormat format) {
        String scopes = token.scopes().stream().sorted().map(ApiScope::id).collect(Collectors.joining(", "));
        return new TokenLine(token.id(), token.name(), scopes, format.dateTime(token.createdAt()), token.createdBy(),
                token.lastUsedAt() == null ? "never" : format.dateTime(token.lastUsedAt()), token.revoked(),
                format.dateTime(token.revokedAt()));
    }
}
