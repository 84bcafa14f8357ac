package io.fabricpulse.server.problem;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a problem body where no controller is involved (security filters answer before any
 * handler runs), in exactly the shape the controllers produce.
 */
@Component
public class ProblemWriter {

    private final JsonMapper json;

    public ProblemWriter(JsonMapper json) {
        this.json = json;
    }

    public Mono<Void> write(ServerWebExchange exchange, ProblemException problem) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.empty();
        }
        response.setStatusCode(problem.type().status());
        if (problem instanceof RetryLaterException later) {
            response.getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(later.retryAfterSeconds()));
        }
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        byte[] body = json.writeValueAsBytes(members(problem.toProblemDetail(), exchange));
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }

    private static Map<String, Object> members(ProblemDetail problem, ServerWebExchange exchange) {
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("type", problem.getType().toString());
        members.put("title", problem.getTitle());
        members.put("status", problem.getStatus());
        members.put("detail", problem.getDetail());
        members.put("instance", exchange.getRequest().getPath().value());
        if (problem.getProperties() != null) {
            members.putAll(problem.getProperties());
        }
        return members;
    }
}
