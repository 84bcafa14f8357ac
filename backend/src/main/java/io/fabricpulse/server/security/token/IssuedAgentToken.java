package io.fabricpulse.server.security.token;

/**
 * A token just issued, with its secret: the only time the secret exists outside the agent. Show it
 * once, then forget it; the server keeps only its hash.
 *
 * @param token  the stored token
 * @param secret the bearer token the agent must send
 */
public record IssuedAgentToken(AgentToken token, String secret) {

    @Override
    public String toString() {
        // Keep the secret out of logs and exception messages.
        return "IssuedAgentToken[token=" + token + ", secret=(hidden)]";
    }
}
