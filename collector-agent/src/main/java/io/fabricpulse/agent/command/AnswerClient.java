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

/** Sends an answer to {@code <server>/api/v1/ingest/commands/{id}} with the agent's own credential. */
public final class AnswerClient implements AnswerSink {

    private final IngestEndpoint endpoint;
    private final HttpClient http;
    private final JsonMapper mapper = JsonMapper.builder().build();

    public AnswerClient(IngestEndpoint endpoint) {
        this.endpoint = endpoint;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(endpoint.connectTimeout()).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public Sent send(long id, CommandResult result) throws InterruptedException {
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
