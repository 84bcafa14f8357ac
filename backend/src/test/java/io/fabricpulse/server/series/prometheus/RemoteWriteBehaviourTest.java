package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;
import io.fabricpulse.server.series.prometheus.wire.RemoteWrite;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A slow, failing or refusing endpoint, answered by a scripted receiver: retried until delivered,
 * split, refused and counted, or dropped beyond the queue's bound and counted; never a wait for ingest.
 */
class RemoteWriteBehaviourTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final RateSeries SYMBOL = RateSeries.named("SymbolErrorCounter");
    private static final RateSeries XMIT = RateSeries.XMIT_BYTES_PER_SECOND;

    private static List<PortRateSample> samples(int ports, int second) {
        List<PortRateSample> samples = new ArrayList<>();
        for (int p = 1; p <= ports; p++) {
            samples.add(new PortRateSample(new PortSeriesKey("0x%016x".formatted(0xabcdL), p), T0.plusSeconds(second),
                    Map.of(SYMBOL, (double) p, XMIT, 1e9)));
        }
        return samples;
    }

    private static PrometheusSeriesStore store(URI write, URI query, int queueCapacity) {
        return new PrometheusSeriesStore(PrometheusTestProperties.of(write, query, Map.of("site", "lab"), queueCapacity,
                Duration.ZERO), Clock.systemUTC());
    }

    @Test
    void aFailingEndpointIsRetriedUntilEverythingIsDelivered() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) -> n <= 2 ? RemoteWriteSink.Answer.of(503)
                : n == 3 ? new RemoteWriteSink.Answer(429, Map.of("Retry-After", "3600"), "slow down")
                : RemoteWriteSink.Answer.of(204));
             PrometheusSeriesStore store = store(sink.writeUrl(), sink.base(), 1_000)) {
            store.write(samples(10, 0));

            await().atMost(Duration.ofSeconds(20)).until(() -> store.stats().deliveredSeries() == 20);
            assertThat(sink.answered).startsWith(503, 503, 429);
            assertThat(store.stats().droppedSamples()).isZero();
            assertThat(store.stats().rejectedSeries()).isZero();
            assertThat(store.stats().failedAttempts()).isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void theWireFormatIsRemoteWriteWithSortedLabels() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) -> RemoteWriteSink.Answer.of(200));
             PrometheusSeriesStore store = store(sink.writeUrl(), sink.base(), 1_000)) {
            store.write(samples(1, 0));

            await().atMost(Duration.ofSeconds(20)).until(() -> sink.seriesReceived() == 2);
            RemoteWrite.TimeSeries series = sink.received.getFirst().getTimeseriesList().stream()
                    .filter(ts -> ts.getLabelsList().stream().anyMatch(l -> l.getValue().equals("SymbolErrorCounter")))
                    .findFirst().orElseThrow();
            assertThat(series.getLabelsList()).extracting(RemoteWrite.Label::getName)
                    .containsExactly("__name__", "node_guid", "port", "series", "site");
            assertThat(series.getLabelsList()).extracting(RemoteWrite.Label::getValue)
                    .containsExactly("fabricpulse_port_rate", "0x000000000000abcd", "1", "SymbolErrorCounter", "lab");
            assertThat(series.getSamples(0).getTimestamp()).isEqualTo(T0.toEpochMilli());
            assertThat(series.getSamples(0).getValue()).isEqualTo(1.0);
        }
    }

    @Test
    void aRefusedRequestIsCountedAndNotRetried() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) ->
                new RemoteWriteSink.Answer(400, Map.of(), "out of order sample"));
             PrometheusSeriesStore store = store(sink.writeUrl(), sink.base(), 1_000)) {
            store.write(samples(3, 0));

            await().atMost(Duration.ofSeconds(20)).until(() -> store.stats().rejectedSeries() == 6);
            assertThat(store.awaitWrites(Duration.ofSeconds(5))).isTrue();
            assertThat(sink.answered).containsOnly(400);
            assertThat(sink.all.stream().mapToInt(RemoteWrite.WriteRequest::getTimeseriesCount).sum())
                    .as("each series sent once").isEqualTo(6);
            assertThat(store.stats().lastFailure()).contains("400", "out of order sample");
        }
    }

    @Test
    void aRequestTooLargeForTheReceiverIsSentInHalves() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) ->
                RemoteWriteSink.Answer.of(request.getTimeseriesCount() > 4 ? 413 : 200));
             PrometheusSeriesStore store = store(sink.writeUrl(), sink.base(), 1_000)) {
            store.write(samples(8, 0));

            await().atMost(Duration.ofSeconds(20)).until(() -> store.stats().deliveredSeries() == 16);
            assertThat(sink.seriesReceived()).isEqualTo(16);
            assertThat(store.stats().rejectedSeries()).isZero();
        }
    }

    @Test
    void aDownEndpointNeitherBlocksWritesNorLosesMoreThanTheQueueCannotHold() throws Exception {
        URI nowhere = URI.create("http://127.0.0.1:" + unusedPort() + "/api/v1/write");
        try (PrometheusSeriesStore store = store(nowhere, nowhere.resolve("/"), 20)) {
            for (int second = 0; second < 10; second++) {
                store.write(samples(10, second)); // returns at once: ingest never waits for the endpoint
            }

            // 100 port samples into two shards of 10 each (two more may be in flight): the rest is dropped, counted.
            await().atMost(Duration.ofSeconds(20)).until(() -> store.stats().droppedSamples() >= 100 - 20 - 20);
            assertThat(store.stats().failing()).isTrue();
            assertThat(store.stats().lastFailure()).contains("ConnectException");
            assertThat(store.check().ok()).isFalse();
        }
    }

    @Test
    void aReplayedPointIsNotSentAgain() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) -> RemoteWriteSink.Answer.of(200));
             PrometheusSeriesStore store = store(sink.writeUrl(), sink.base(), 1_000)) {
            store.write(samples(2, 10));
            store.write(samples(2, 0));
            store.write(samples(2, 10));
            store.awaitWrites(Duration.ofSeconds(10));

            assertThat(sink.seriesReceived()).isEqualTo(4);
        }
    }

    @Test
    void promQlAnswersThatAreErrorsGarbageOrNaNAreHandled() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) -> RemoteWriteSink.Answer.of(200));
             PrometheusSeriesStore store = store(sink.writeUrl(), sink.base(), 1_000)) {
            WorstQuery worst = new WorstQuery(SYMBOL, Consolidation.AVERAGE, T0, T0.plusSeconds(60), 5);

            sink.answerPromQl("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                    + "{\"metric\":{\"node_guid\":\"0x000000000000abcd\",\"port\":\"1\"},\"value\":[1,\"NaN\"]},"
                    + "{\"metric\":{\"node_guid\":\"not a guid\",\"port\":\"1\"},\"value\":[1,\"5\"]},"
                    + "{\"metric\":{\"node_guid\":\"0x000000000000abcd\",\"port\":\"2\"},\"value\":[1,\"+Inf\"]},"
                    + "{\"metric\":{\"node_guid\":\"0x000000000000abcd\",\"port\":\"3\"},\"value\":[1,\"2.5\"]}]}}");
            assertThat(store.worst(worst)).extracting(r -> r.port().portNumber()).containsExactly(2, 3);

            sink.answerPromQl("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}");
            assertThatThrownBy(() -> store.worst(worst)).isInstanceOf(SeriesStoreException.class)
                    .hasMessageContaining("bad_data parse error").hasMessageContaining("topk(5");

            sink.answerPromQl("<html>proxy error</html>");
            assertThatThrownBy(() -> store.worst(worst)).isInstanceOf(SeriesStoreException.class)
                    .hasMessageContaining("not the API's JSON");
        }
    }

    @Test
    void aPromQlAnswerLargerThanTheLimitIsAnErrorNotAnOutOfMemory() throws Exception {
        try (RemoteWriteSink sink = new RemoteWriteSink((n, request) -> RemoteWriteSink.Answer.of(200))) {
            PrometheusSeriesProperties defaults = PrometheusTestProperties.of(sink.writeUrl(), sink.base(), Map.of());
            PrometheusSeriesProperties small = new PrometheusSeriesProperties(defaults.writeUrl(), defaults.queryUrl(),
                    null, null, null, Map.of(), Map.of(), defaults.metric(), defaults.timeout(), 1_000, 1, 10_000,
                    defaults.minBackoff(), defaults.maxBackoff(), Duration.ZERO, defaults.rawReadLimit(), 4_096);
            try (PrometheusSeriesStore store = new PrometheusSeriesStore(small, Clock.systemUTC())) {
                sink.answerPromQl("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                        + "{\"metric\":{},\"value\":[1,\"1\"]},".repeat(200) + "{}]}}");

                assertThatThrownBy(() -> store.worst(new WorstQuery(SYMBOL, Consolidation.MAX, T0, T0.plusSeconds(60),
                        5))).isInstanceOf(SeriesStoreException.class).hasMessageContaining("max-response-size (4096 bytes)");
            }
        }
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
