package io.fabricpulse.agent.command;

import io.fabricpulse.agent.push.Credential;
import io.fabricpulse.agent.push.IngestEndpoint;
import io.fabricpulse.model.command.CommandResult;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

/**
 * Sends an answer to {@code <server>/api/v1/ingest/commands/{id}} with the agent's own credential: to the first of the
 * servers (replicas share the state store, so any of them records it) that takes it, the next one when a server
 * cannot be reached or answers with a retryable status.
 */
public final class AnswerClient implements AnswerSink {

    private final List<IngestEndpoint> endpoints;
    private final HttpClient http;
    private final JsonMapper mapper = JsonMapper.builder().build();

    public AnswerClient(List<IngestEndpoint> endpoints) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("at least one server to answer to");
        }
        this.endpoints = List.copyOf(endpoints);
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(endpoints.getFirst().connectTimeout()).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public Sent send(long id, CommandResult result) throws InterruptedException {
        Sent sent = null;
        for (IngestEndpoint endpoint : endpoints) {
            sent = send(endpoint, id, result);
            if (!sent.retryable()) {
                return sent;
            }
        }
        return sent;
    }

    private Sent send(IngestEndpoint endpoint, long id, CommandResult result) throws InterruptedException {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint.ingestUri() + "/commands/" + id))
                    .timeout(endpoint.requestTimeout())
                    .header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + endpoint.credential().token())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(result)))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Sent(response.statusCode(), response.body());
        } catch (IOException | Credential.CredentialUnavailableException e) {
            return new Sent(0, e.getMessage());
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
