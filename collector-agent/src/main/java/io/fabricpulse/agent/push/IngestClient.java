package io.fabricpulse.agent.push;

import io.fabricpulse.model.ingest.WireFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileMapper;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * One push attempt: POSTs an encoded batch to {@code <server>/api/v1/ingest} and says what came of it.
 * Never throws for anything the network or the server does; only interruption escapes.
 */
public final class IngestClient implements BatchTransport, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(IngestClient.class);

    /** Enough for any problem document; a server sending more gets the rest ignored. */
    private static final int MAX_ANSWER_BYTES = 16 * 1024;
    private static final int MAX_REASON_CHARS = 300;

    private final IngestEndpoint endpoint;
    private final Clock clock;
    private final HttpClient http;
    private final JsonMapper mapper = JsonMapper.builder().build();
    private final SmileMapper smile = SmileMapper.builder().build();
    /** Set once the server answered 415 to Smile (older than this agent): Smile batches go to it as JSON. */
    private volatile boolean jsonOnly;
    private final String userAgent;
    private final Consumer<byte[]> answers;

    public IngestClient(IngestEndpoint endpoint, Clock clock) {
        this(endpoint, clock, answer -> {
        });
    }

    /**
     * @param answers gets the body of every answer that delivered a batch (where the server's orders to this agent
     *                ride, see {@code command.CommandHandler}); called on the push thread, so it must not block
     */
    public IngestClient(IngestEndpoint endpoint, Clock clock, Consumer<byte[]> answers) {
        this.endpoint = endpoint;
        this.clock = clock;
        this.answers = answers;
        // HTTP/1.1: one push at a time needs no multiplexing, and plain-http HTTP/2 would start every
        // connection with an h2c upgrade dance that proxies in front of servers handle unevenly.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(endpoint.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.userAgent = "fabricpulse-agent/" + Objects.requireNonNullElse(
                IngestClient.class.getPackage().getImplementationVersion(), "dev");
    }

    public IngestEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public PushResult send(EncodedBatch batch) throws InterruptedException {
        String token;
        try {
            token = endpoint.credential().token();
        } catch (Credential.CredentialUnavailableException e) {
            // No token yet (enrolment failed or was refused): the batch waits like after any failed push.
            return new PushResult.Retryable(0, "no credential: " + e.getMessage(), null);
        }
        WireFormat format = batch.format();
        byte[] body = batch.body();
        try {
            if (format == WireFormat.SMILE && jsonOnly) {
                body = asJson(body);
                format = WireFormat.JSON;
            }
            Answer answer = post(token, body, format);
            if (answer.response().statusCode() == 415 && format == WireFormat.SMILE) {
                // A server older than this agent reads JSON only: say so once, and send JSON to it from now on.
                if (!jsonOnly) {
                    jsonOnly = true;
                    log.warn("{} does not take Smile (415): sending JSON to it, which costs the server more per sample;"
                            + " upgrade the server", endpoint.ingestUri());
                }
                answer = post(token, asJson(batch.body()), WireFormat.JSON);
            }
            return classify(answer.response(), answer.body());
        } catch (HttpTimeoutException e) {
            return new PushResult.Retryable(0, "no answer from " + endpoint.ingestUri() + " within "
                    + endpoint.requestTimeout().toMillis() + " ms", null);
        } catch (ConnectException e) {
            return new PushResult.Retryable(0, "cannot connect to " + endpoint.ingestUri() + ": " + describe(e), null);
        } catch (IOException e) {
            return new PushResult.Retryable(0, "push to " + endpoint.ingestUri() + " failed: " + describe(e), null);
        } catch (JacksonException e) {
            return new PushResult.Rejected(0, "batch " + batch.sequence() + " is not readable Smile, so not sendable as"
                    + " JSON either: " + e.getOriginalMessage());
        }
    }

    /** An answer and the start of its body. */
    private record Answer(HttpResponse<InputStream> response, byte[] body) {
    }

    private Answer post(String token, byte[] body, WireFormat format) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(endpoint.ingestUri())
                .timeout(endpoint.requestTimeout())
                .header("Content-Type", format.contentType())
                .header("Content-Encoding", "gzip")
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json, application/problem+json")
                .header("User-Agent", userAgent)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream answer = response.body()) {
            return new Answer(response, answer.readNBytes(MAX_ANSWER_BYTES));
        }
    }

    /** A gzip Smile body as gzip JSON: the same document. */
    private byte[] asJson(byte[] gzipSmile) throws IOException {
        JsonNode document;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipSmile))) {
            document = smile.readTree(in);
        }
        ByteArrayOutputStream json = new ByteArrayOutputStream(gzipSmile.length * 4);
        try (GZIPOutputStream out = new GZIPOutputStream(json)) {
            mapper.writeValue(out, document);
        }
        return json.toByteArray();
    }

    private PushResult classify(HttpResponse<?> response, byte[] answer) {
        int status = response.statusCode();
        return switch (ResponseClass.of(status)) {
            case DELIVERED -> {
                answers.accept(answer);
                yield new PushResult.Delivered(status);
            }
            case REJECTED -> new PushResult.Rejected(status, "HTTP " + status + detail(response, answer));
            case MISCONFIGURED -> new PushResult.Retryable(status,
                    "HTTP " + status + misconfiguration(response, answer) + hint(status), null);
            case RETRY -> new PushResult.Retryable(status, "HTTP " + status + detail(response, answer),
                    RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), clock.instant())
                            .orElse(null));
        };
    }

    private String misconfiguration(HttpResponse<?> response, byte[] answer) {
        if (status3xx(response.statusCode())) {
            return " redirect to " + clean(response.headers().firstValue("Location").orElse("(no Location)"))
                    + ": --server must name the FabricPulse server itself";
        }
        return detail(response, answer);
    }

    private String hint(int status) {
        return switch (status) {
            case 401 -> " — " + endpoint.credential().refusedHint();
            case 403 -> " — the token is not allowed to ingest this (the server's answer says what it may not report)";
            case 404 -> " — is --server the FabricPulse server's base URL?";
            default -> "";
        };
    }

    private static boolean status3xx(int status) {
        return status >= 300 && status < 400;
    }

    /**
     * ": " and the server's explanation: the RFC 9457 problem {@code detail} (else {@code title}) when the
     * answer is JSON, else the start of the text; empty when the server said nothing.
     */
    private String detail(HttpResponse<?> response, byte[] answer) {
        if (answer.length == 0) {
            return "";
        }
        String type = response.headers().firstValue("Content-Type").orElse("");
        String text = null;
        if (type.contains("json")) {
            try {
                JsonNode problem = mapper.readTree(answer);
                text = problem.path("detail").isString() ? problem.path("detail").stringValue()
                        : problem.path("title").isString() ? problem.path("title").stringValue() : null;
            } catch (JacksonException e) {
                // not the JSON it claims to be: fall back to the text
            }
        }
        if (text == null) {
            text = new String(answer, StandardCharsets.UTF_8);
        }
        String cleaned = clean(text);
        return cleaned.isEmpty() ? "" : ": " + cleaned;
    }

    /** One line, bounded: what the server says ends up in our log, and the server is not trusted with its layout. */
    private static String clean(String text) {
        String oneLine = text.codePoints()
                .map(cp -> Character.isISOControl(cp) ? ' ' : cp)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString().strip().replaceAll(" {2,}", " ");
        return oneLine.length() > MAX_REASON_CHARS ? oneLine.substring(0, MAX_REASON_CHARS) + "…" : oneLine;
    }

    /** The first message along the cause chain: the HTTP client often wraps "Connection refused" in a bare exception. */
    private static String describe(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return t.getMessage();
            }
        }
        // NIO reports a refused connection as a ConnectException without any message
        return e instanceof ConnectException ? "Connection refused" : e.getClass().getSimpleName();
    }

    @Override
    public void close() {
        http.close();
    }
}
