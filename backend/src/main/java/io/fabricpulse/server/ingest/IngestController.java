package io.fabricpulse.server.ingest;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/v1/ingest}: a JSON {@link io.fabricpulse.agent.report.IngestBatch}, optionally gzip.
 * 202 with an ack once applied, 200 with {@code "status":"duplicate"} for a replay, 4xx problem
 * details for anything wrong (see {@link IngestBodyReader}, {@link BatchJsonReader}, {@link BatchValidator}).
 * Authentication (the agent bearer token) is the security chain's job.
 */
@RestController
class IngestController {

    private final IngestBodyReader body;
    private final BatchJsonReader json;
    private final IngestService service;

    IngestController(IngestProperties properties, IngestService service) {
        this.body = new IngestBodyReader(properties);
        this.json = new BatchJsonReader();
        this.service = service;
    }

    @PostMapping("/api/v1/ingest")
    Mono<ResponseEntity<IngestAck>> ingest(ServerHttpRequest request) {
        return body.read(request)
                .map(json::read)
                .map(service::ingest)
                .map(ack -> ResponseEntity
                        .status(ack.status() == IngestAck.Status.ACCEPTED ? HttpStatus.ACCEPTED : HttpStatus.OK)
                        .body(ack));
    }
}
