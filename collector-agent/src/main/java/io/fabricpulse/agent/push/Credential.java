package io.fabricpulse.agent.push;

/**
 * What the agent proves who it is with: the bearer token of each push. Either a token it was given
 * ({@code --token}: issued for this agent by an admin, or a small site's shared token), or one it enrols
 * for with a bootstrap token on its first push and keeps in a file ({@link EnrolledCredential}). The same
 * token works with every server sharing one state store (replicas), so pushing to several is one credential.
 */
public interface Credential {

    /**
     * The token to send now.
     *
     * @throws CredentialUnavailableException when there is none yet (enrolment failed or is refused); the
     *                                        batch waits and the push is tried again later
     */
    String token() throws CredentialUnavailableException, InterruptedException;

    /** What to tell the operator when the server refuses the token (401). */
    String refusedHint();

    /** A token given on the command line or in the environment. */
    static Credential fixed(String token) {
        if (!isValidToken(token)) {
            // HTTP header values cannot carry blanks or control characters; a token with them is a paste accident
            throw new IllegalArgumentException("token must be printable ASCII without blanks");
        }
        return new Credential() {
            @Override
            public String token() {
                return token;
            }

            @Override
            public String refusedHint() {
                return "check the agent's token (--token or FABRICPULSE_AGENT_TOKEN)";
            }
        };
    }

    /** Whether {@code token} can travel in an Authorization header: printable ASCII, no blanks. */
    static boolean isValidToken(String token) {
        return token != null && token.matches("[\\x21-\\x7e]+");
    }

    /** No token to send now: why, ready for a log line. */
    final class CredentialUnavailableException extends Exception {

        public CredentialUnavailableException(String reason) {
            super(reason);
        }
    }
}
