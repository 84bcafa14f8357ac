package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import io.fabricpulse.model.ingest.IngestBatch;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Optional;

/**
 * {@code POST /api/v1/ingest}: an {@link io.fabricpulse.model.ingest.IngestBatch} in JSON or Smile ({@link WireFormat}),
 * optionally gzip.
 * 202 with an ack once durably handed off, 200 with {@code "status":"duplicate"} for a replay, 4xx
 * problem details for anything wrong (see {@link IngestBodyReader}, {@link BatchReader},
 * {@link BatchValidator}), 503 with {@code Retry-After} when the server cannot take the batch now.
 * Authentication (the agent's bearer token) is the security chain's job; it names the
 * {@link AgentCredential} the batch is bound to.
 */
@RestController
class IngestController {

    private final IngestBodyReader body;
    private final BatchReader reader;
    private final IngestService service;
    private final List<AgentOrders> orders;
    private final List<SweepAssignments> sweeps;

    IngestController(IngestProperties properties, IngestService service, List<AgentOrders> orders,
                     List<SweepAssignments> sweeps) {
        this.sweeps = List.copyOf(sweeps);
        this.body = new IngestBodyReader(properties);
        this.reader = new BatchReader();
        this.service = service;
        this.orders = List.copyOf(orders);
    }

    @PostMapping("/api/v1/ingest")
    Mono<ResponseEntity<IngestAck>> ingest(ServerHttpRequest request, Authentication authentication) {
        AgentCredential agent = (AgentCredential) authentication.getDetails();
        Optional<IngestUnavailableException> busy = service.busy(request.getHeaders().getContentLength());
        if (busy.isPresent()) {
            return Mono.error(busy.get()); // before the body is read: refusing costs next to nothing
        }
        // Counted on its way in from a whole body on (a client that sends its body slowly holds no place): parsed,
        // validated and admitted until handed off, or refused.
        return body.read(request)
                .flatMap(body -> Mono.using(() -> service.arrive(body.bytes().length, body.format()),
                        arrival -> Mono.fromCallable(() -> reader.read(body.bytes(), body.format()))
                        // A client that hangs up must not cancel the hand-off: the batch may be stored already,
                        // and a replay waiting on the same answer still needs it. The response waits on a copy and
                        // only the copy is cancelled, so an answer that comes after the client left (a 503 while
                        // the server stops) goes nowhere instead of being logged as a dropped error.
                        .flatMap(batch -> Mono.fromFuture(() -> service.ingest(batch, agent, arrival).copy())
                                .flatMap(ack -> withOrders(ack, batch, agent))), Arrivals.Arrival::close))
                .map(ack -> ResponseEntity
                        .status(ack.status() == IngestAck.Status.ACCEPTED ? HttpStatus.ACCEPTED : HttpStatus.OK)
                        .body(ack));
    }

    /** The ack with the orders waiting for this agent and its sweep shard: they ride back on its own push. */
    private Mono<IngestAck> withOrders(IngestAck ack, IngestBatch batch, AgentCredential agent) {
        return Flux.fromIterable(orders)
                .concatMap(source -> source.take(batch, agent))
                .flatMapIterable(taken -> taken)
                .collectList()
                .map(taken -> taken.isEmpty() ? ack : ack.withCommands(taken))
                .flatMap(withTaken -> Flux.fromIterable(sweeps)
                        .concatMap(source -> source.shardFor(batch, agent))
                        .next()
                        .map(withTaken::withSweep)
                        .defaultIfEmpty(withTaken));
    }

    /** Queue full or a store down: the agent keeps the batch and retries after the given delay. */
    @ExceptionHandler(IngestUnavailableException.class)
    ResponseEntity<ProblemDetail> unavailable(IngestUnavailableException unavailable) {
        long seconds = Math.max(1, unavailable.retryAfter().toSeconds());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(new ProblemException(ProblemType.UNAVAILABLE, unavailable.getMessage()).toProblemDetail());
    }
}
