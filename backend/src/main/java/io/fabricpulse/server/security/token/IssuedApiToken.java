package io.fabricpulse.server.security.token;

/**
 * A token just created, with its secret: the only time the server has it. The API shows it once;
 * the database keeps only its hash.
 *
 * @param token  the stored token
 * @param secret what the client sends as {@code Authorization: Bearer <secret>}
 */
public record IssuedApiToken(ApiToken token, String secret) {

    @Override
    public String toString() {
        // Keep the secret out of logs and exception messages.
        return "IssuedApiToken[token=" + token + ", secret=(hidden)]";
    }
}
