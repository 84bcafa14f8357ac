package io.fabricpulse.agent.push;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The agent's own token, enrolled for once: at its first push the agent sends its bootstrap token, its id
 * and its role to {@code POST <server>/api/v1/agents/enrol}, and keeps the token the server answers in
 * {@code file} (mode 0600, written whole or not at all). Every later start reads the file; the bootstrap
 * token is not used again. Enrolment that cannot happen now (the server is down, or refuses) keeps the
 * batches waiting, as any failed push does. A token the server refuses later (401: an admin revoked the
 * agent) is not replaced by a new enrolment on its own: revoking must stick, so the operator deletes the
 * file to enrol again.
 */
public final class EnrolledCredential implements Credential {

    private static final String ENROL_PATH = "api/v1/agents/enrol";
    private static final int MAX_ANSWER_CHARS = 300;

    private final URI server;
    private final String bootstrapToken;
    private final String agentId;
    private final String role;
    private final Path file;
    private final HttpClient http;
    private final Duration timeout;
    private final JsonMapper json = JsonMapper.builder().build();
    private volatile String token;

    /**
     * @param server         the server's base URL
     * @param bootstrapToken what the server's admin gave for enrolling ({@code FABRICPULSE_BOOTSTRAP_TOKEN})
     * @param role           {@code node} or {@code discover}
     * @param file           where the agent's own token is kept
     */
    public EnrolledCredential(URI server, String bootstrapToken, String agentId, String role, Path file,
                              Duration timeout) {
        if (!Credential.isValidToken(bootstrapToken)) {
            throw new IllegalArgumentException("bootstrap token must be printable ASCII without blanks");
        }
        this.server = server;
        this.bootstrapToken = bootstrapToken;
        this.agentId = agentId;
        this.role = role;
        this.file = file;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public Path file() {
        return file;
    }

    @Override
    public String token() throws CredentialUnavailableException, InterruptedException {
        String known = token;
        if (known != null) {
            return known;
        }
        synchronized (this) {
            if (token == null) {
                token = readFile();
            }
            if (token == null) {
                token = enrol();
            }
            return token;
        }
    }

    @Override
    public String refusedHint() {
        return "the server refused this agent's own token from " + file + ": if an admin removed the agent, delete "
                + "that file to enrol again with the bootstrap token";
    }

    private String readFile() throws CredentialUnavailableException {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            String stored = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (!Credential.isValidToken(stored)) {
                throw new CredentialUnavailableException("the credential file " + file + " holds no token; delete it "
                        + "to enrol again");
            }
            return stored;
        } catch (IOException e) {
            throw new CredentialUnavailableException("cannot read the credential file " + file + ": " + e);
        }
    }

    private String enrol() throws CredentialUnavailableException, InterruptedException {
        String base = server.toString();
        URI enrol = URI.create(base.endsWith("/") ? base + ENROL_PATH : base + "/" + ENROL_PATH);
        HttpRequest request = HttpRequest.newBuilder(enrol).timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, application/problem+json")
                .header("Authorization", "Bearer " + bootstrapToken)
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(Map.of("agentId", agentId, "role", role))))
                .build();
        HttpResponse<String> answer;
        try {
            answer = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new CredentialUnavailableException("cannot enrol at " + enrol + " now: " + e);
        }
        if (answer.statusCode() != 201) {
            throw new CredentialUnavailableException("enrolment as agent '" + agentId + "' refused: HTTP "
                    + answer.statusCode() + detail(answer.body()) + hint(answer.statusCode()));
        }
        String issued;
        try {
            JsonNode body = json.readTree(answer.body());
            issued = body.path("secret").asString(null);
        } catch (JacksonException e) {
            issued = null;
        }
        if (!Credential.isValidToken(issued)) {
            throw new CredentialUnavailableException("enrolment at " + enrol + " answered no token");
        }
        store(issued);
        return issued;
    }

    /** Writes the token to a new private file next to {@code file}, then moves it into place. */
    private void store(String issued) throws CredentialUnavailableException {
        try {
            Path directory = Objects.requireNonNullElse(file.toAbsolutePath().getParent(), Path.of("."));
            Files.createDirectories(directory);
            Path fresh = Files.createTempFile(directory, ".credential-", ".new",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(fresh, issued + "\n", StandardCharsets.US_ASCII);
            try {
                Files.move(fresh, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Enrolled, but not kept: the next start would be refused as enrolled already. Say so loudly.
            throw new CredentialUnavailableException("enrolled as agent '" + agentId + "' but cannot keep the token in "
                    + file + " (" + e + "); an admin must remove the agent before it can enrol again");
        }
    }

    private static String hint(int status) {
        return switch (status) {
            case 401 -> " — check the bootstrap token (--bootstrap-token or FABRICPULSE_BOOTSTRAP_TOKEN)";
            case 403 -> " — the bootstrap token may not enrol agents in this role";
            case 409 -> " — copy this agent's credential file from where it was enrolled, or have an admin remove "
                    + "the agent (DELETE /api/v1/agents/<id>) so it can enrol anew";
            case 404 -> " — is --server the FabricPulse server's base URL?";
            default -> "";
        };
    }

    private static String detail(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String oneLine = body.codePoints().map(cp -> Character.isISOControl(cp) ? ' ' : cp)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString().strip();
        return ": " + (oneLine.length() > MAX_ANSWER_CHARS ? oneLine.substring(0, MAX_ANSWER_CHARS) + "…" : oneLine);
    }
}
