package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.unit.DataSize;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;

import static io.fabricpulse.server.testing.TestBatches.oneHostPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP answer when the pipeline cannot take a batch (queue full, a store down, the server
 * stopping, the worker behind): 503 with {@code Retry-After} and a problem body, whether the sink says so at
 * once, before the body is read, or only later from its worker thread, and however the refusal is wrapped on the way.
 */
class IngestUnavailableAnswerTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final IngestProperties PROPERTIES = new IngestProperties("agent-token-0123456789", null,
            Set.of(AgentRole.NODE), DataSize.ofMegabytes(4), DataSize.ofMegabytes(64), Duration.ofMinutes(5),
            Duration.ofDays(7), 50_000, 16, Duration.ofSeconds(5));

    @Test
    void aQueueThatIsFullAtOnceAnswers503WithRetryAfter() {
        expect503(batch -> CompletableFuture.failedFuture(unavailable()));
    }

    @Test
    void aRefusalThatComesLaterFromTheWorkerAnswers503WithRetryAfter() {
        expect503(batch -> CompletableFuture.supplyAsync(() -> {
            throw new CompletionException(unavailable());
        }, CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS)));
    }

    @Test
    void aSinkThatIsBehindAnswers503BeforeReadingTheBodyEvenOneThatIsNotJson() {
        BatchSink behind = new BatchSink() {
            @Override
            public CompletableFuture<Outcome> accept(io.fabricpulse.model.ingest.IngestBatch batch) {
                throw new AssertionError("a batch reached a sink that is behind");
            }

            @Override
            public Optional<IngestUnavailableException> busy(long portsOnTheirWay, Duration lead, boolean small) {
                return Optional.of(unavailable());
            }
        };

        expect503(behind, "{\"not\": \"a batch\", truncated");
    }

    @Test
    void asManyPushesAsTheServerLetsInAtOnceOnTheirWayInAnswerTheNext503BeforeReadingItsBody() {
        IngestService service = service(batch -> {
            throw new AssertionError("a batch reached the sink past a full door");
        }, new Arrivals(1));
        try (Arrivals.Arrival reading = service.arrive(100, WireFormat.JSON)) {
            expect503(service, "{\"not\": \"a batch\", truncated", "1 pushes are being parsed and admitted already; "
                    + "send the batch again later", "1");
        }
        assertThat(service.busy(-1)).as("the push read meanwhile is in").isEmpty();
    }

    @Test
    void aPushWhoseBodyWouldBeRefusedOnceParsedBehindThePushesOnTheirWayInIsRefusedBeforeItIsRead() {
        List<Long> asked = new ArrayList<>();
        IngestService service = service(storingUnless((portsOnTheirWay, small) -> {
            asked.add(portsOnTheirWay);
            return portsOnTheirWay > 0;
        }), new Arrivals(8));
        try (Arrivals.Arrival parsed = service.arrive(2_000, WireFormat.SMILE)) {
            parsed.parsed(10);
            expect503(service, "{\"not\": \"a batch\", truncated", "the server is stopping; send the batch again later",
                    "7");
        }
        client(service).post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(TestBatches.json(oneHostPort("h1", 1, NOW, "0x0002c903003178f0", Map.of("SymbolErrorCounter", 1L))))
                .exchange().expectStatus().isAccepted();
        assertThat(asked).as("the parsed push's 10 port samples, then none on the way").containsExactly(10L, 0L);
    }

    @Test
    void aSinkKeepingItsLastRoomForSmallBatchesLetsAShortBodyInAndRefusesALongOneBeforeReadingIt() {
        List<Boolean> askedSmall = new ArrayList<>();
        IngestService service = service(storingUnless((portsOnTheirWay, small) -> {
            askedSmall.add(small);
            return !small;
        }), new Arrivals(8));

        client(service).post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(TestBatches.json(oneHostPort("h1", 1, NOW, "0x0002c903003178f0", Map.of("SymbolErrorCounter", 1L))))
                .exchange().expectStatus().isAccepted();
        expect503(service, "{\"padding\": \"" + "x".repeat((int) IngestService.SMALL_PUSH_BYTES) + "\"}",
                "the server is stopping; send the batch again later", "7");
        assertThat(askedSmall).containsExactly(true, false);
    }

    @Test
    void clientsSendingTheirBodiesSlowlyHoldNoPlaceAtTheDoor() throws Exception {
        IngestService service = service(batch -> CompletableFuture.completedFuture(BatchSink.Outcome.APPLIED),
                new Arrivals(1));
        CountDownLatch reading = new CountDownLatch(1);
        Flux<DataBuffer> slowBody = Flux.<DataBuffer>just(DefaultDataBufferFactory.sharedInstance.wrap(
                        "{\"schemaVersion\": 1, \"agentId\": \"slow\"".getBytes(StandardCharsets.UTF_8)))
                .concatWith(Flux.never()) // the rest never comes
                .doOnSubscribe(subscription -> reading.countDown());
        Thread slow = Thread.ofVirtual().start(() -> client(service).mutate().responseTimeout(Duration.ofSeconds(2)).build()
                .post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON).body(slowBody, DataBuffer.class)
                .exchange());
        assertThat(reading.await(5, TimeUnit.SECONDS)).as("the server reads the slow body").isTrue();

        assertThat(service.busy(-1)).as("a body still arriving holds no place").isEmpty();
        client(service).post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(TestBatches.json(oneHostPort("h1", 1, NOW, "0x0002c903003178f0", Map.of("SymbolErrorCounter", 1L))))
                .exchange().expectStatus().isAccepted();
        slow.join();
    }

    private static IngestUnavailableException unavailable() {
        return new IngestUnavailableException("the server is stopping; send the batch again later", Duration.ofSeconds(7));
    }

    private static void expect503(BatchSink sink) {
        expect503(sink, TestBatches.json(oneHostPort("h1", 1, NOW, "0x0002c903003178f0", Map.of("SymbolErrorCounter", 1L))));
    }

    private static void expect503(BatchSink sink, String body) {
        expect503(service(sink, new Arrivals(8)), body, "the server is stopping; send the batch again later", "7");
    }

    /** A sink that stores every batch handed in and is behind at the door when {@code behind} says so. */
    private static BatchSink storingUnless(BiPredicate<Long, Boolean> behind) {
        return new BatchSink() {
            @Override
            public CompletableFuture<Outcome> accept(io.fabricpulse.model.ingest.IngestBatch batch) {
                return CompletableFuture.completedFuture(Outcome.APPLIED);
            }

            @Override
            public Optional<IngestUnavailableException> busy(long portsOnTheirWay, Duration lead, boolean small) {
                return behind.test(portsOnTheirWay, small) ? Optional.of(unavailable()) : Optional.empty();
            }
        };
    }

    private static IngestService service(BatchSink sink, Arrivals arrivals) {
        return new IngestService(new BatchValidator(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofMinutes(5),
                Duration.ofDays(7), 50_000), (batch, credential) -> CompletableFuture.completedFuture(null),
                new SeenBatches(16), sink, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ZERO, arrivals);
    }

    /** The controller alone: the agent chain's authentication is stood in for by its result. */
    private static WebTestClient client(IngestService service) {
        UsernamePasswordAuthenticationToken agent = UsernamePasswordAuthenticationToken.authenticated("agent", null, List.of());
        agent.setDetails(AgentCredential.shared(0));
        return WebTestClient.bindToController(new IngestController(PROPERTIES, service, List.of(), List.of()))
                .webFilter((exchange, chain) -> chain.filter(exchange.mutate().principal(Mono.just(agent)).build()))
                .build();
    }

    private static void expect503(IngestService service, String body, String detail, String retryAfter) {
        client(service).post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange()
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals(HttpHeaders.RETRY_AFTER, retryAfter)
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo(detail);
    }
}
