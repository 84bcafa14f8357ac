package io.fabricpulse.server.problem;

import org.springframework.http.HttpStatus;

import java.net.URI;

/**
 * Every kind of problem the API reports. The {@code type} member of a problem body is
 * {@code https://fabricpulse.io/problems/<slug>}: stable, so clients can switch on it.
 */
public enum ProblemType {
    INVALID_JSON("invalid-json", "Body is not valid JSON", HttpStatus.BAD_REQUEST),
    INVALID_SMILE("invalid-smile", "Body is not valid Smile", HttpStatus.BAD_REQUEST),
    INVALID_BATCH("invalid-batch", "Batch does not match the ingest schema", HttpStatus.BAD_REQUEST),
    INVALID_ENCODING("invalid-encoding", "Body cannot be decoded", HttpStatus.BAD_REQUEST),
    INVALID_QUERY("invalid-query", "Invalid query parameter", HttpStatus.BAD_REQUEST),
    INVALID_REQUEST("invalid-request", "Request body has invalid values", HttpStatus.BAD_REQUEST),
    CONFLICT("conflict", "Not possible in the resource's current state", HttpStatus.CONFLICT),
    INVALID_IMPORT("invalid-import", "Uploaded file cannot be imported", HttpStatus.BAD_REQUEST),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported content type or encoding",
            HttpStatus.UNSUPPORTED_MEDIA_TYPE),
    BODY_TOO_LARGE("body-too-large", "Body too large", HttpStatus.CONTENT_TOO_LARGE),
    NOT_FOUND("not-found", "Not found", HttpStatus.NOT_FOUND),
    UNAUTHORIZED("unauthorized", "Authentication required", HttpStatus.UNAUTHORIZED),
    FORBIDDEN("forbidden", "Access denied", HttpStatus.FORBIDDEN),
    NOT_THIS_AGENTS("not-this-agents", "Not this agent's to report", HttpStatus.FORBIDDEN),
    TOO_MANY_REQUESTS("too-many-requests", "Too many requests, try again later", HttpStatus.TOO_MANY_REQUESTS),
    INVALID_WEBHOOK("invalid-webhook", "Webhook settings are not valid", HttpStatus.BAD_REQUEST),
    READ_ONLY("read-only", "Set in the server's configuration, not changeable through the API", HttpStatus.CONFLICT),
    UNAVAILABLE("unavailable", "Temporarily unavailable, try again later", HttpStatus.SERVICE_UNAVAILABLE);

    private static final String BASE = "https://fabricpulse.io/problems/";

    private final URI uri;
    private final String title;
    private final HttpStatus status;

    ProblemType(String slug, String title, HttpStatus status) {
        this.uri = URI.create(BASE + slug);
        this.title = title;
        this.status = status;
    }

    public URI uri() {
        return uri;
    }

    public String title() {
        return title;
    }

    public HttpStatus status() {
        return status;
    }
}
