package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.topology.store.ClusterMemberRow;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;

import static io.fabricpulse.server.web.overview.SampleFabric.LEAF01;
import static io.fabricpulse.server.web.overview.SampleFabric.LEAF02;
import static org.assertj.core.api.Assertions.assertThat;

class OverviewEventsTest extends OverviewSliceTest {

    private static final ParameterizedTypeReference<ServerSentEvent<String>> EVENT = new ParameterizedTypeReference<>() {
    };
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void sendsTheSnapshotAtOnceAndAFreshOneAfterAnUpdate() {
        StepVerifier.create(events())
                .assertNext(first -> {
                    assertThat(first.event()).isEqualTo("ports");
                    JsonNode snapshot = json.readTree(first.data());
                    assertThat(snapshot.get("total").asInt()).isEqualTo(5);
                    assertThat(snapshot.get("showing").asString()).isEqualTo("showing 4 of 5 ports, 1 healthy hidden");
                    assertThat(snapshot.get("rows")).hasSize(4);
                    JsonNode worst = snapshot.get("rows").get(0);
                    assertThat(worst.get("key").asString()).isEqualTo(LEAF02 + ":7");
                    assertThat(worst.get("symbolErrors").get("count").asString()).isEqualTo("≥ 65535");
                    assertThat(snapshot.get("rows").get(1).get("symbolErrors").get("rate").asString()).isEqualTo("2.5");
                    assertThat(snapshot.get("summary").get("withErrors").asInt()).isEqualTo(1);
                })
                .then(() -> SampleFabric.publish(fabric, 1234.5))
                .assertNext(second -> {
                    JsonNode leaf01 = json.readTree(second.data()).get("rows").get(1);
                    assertThat(leaf01.get("key").asString()).isEqualTo(LEAF01 + ":3");
                    assertThat(leaf01.get("symbolErrors").get("rate").asString()).isEqualTo("1.23k");
                })
                .thenCancel()
                .verify(PATIENCE);
    }

    @Test
    void answersWithAnEventStream() {
        client.get().uri("/events/ports").accept(MediaType.TEXT_EVENT_STREAM).exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_EVENT_STREAM)
                .expectHeader().valueEquals("X-Accel-Buffering", "no")
                .returnResult(EVENT).getResponseBody().take(1).blockLast(PATIENCE);
    }

    /**
     * What ports-live.js does, done here on the parsed page: every bound element of the server-rendered
     * page must read exactly what the live JSON puts there, or a live update would change a cell that
     * did not change.
     */
    @Test
    void liveJsonReadsExactlyLikeTheRenderedPage() {
        Document page = Jsoup.parse(client.get().uri("/").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
        JsonNode snapshot = json.readTree(events().blockFirst(PATIENCE).data());

        int checked = 0;
        for (Element root : page.select("[data-live-root]")) {
            checked += assertBindingsMatch(root, snapshot);
        }
        Elements rows = page.select("tbody[data-port-rows] > tr");
        assertThat(rows).hasSize(snapshot.get("rows").size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = snapshot.get("rows").get(i);
            assertThat(rows.get(i).attr("data-key")).isEqualTo(row.get("key").asString());
            assertThat(rows.get(i).attr("data-severity")).isEqualTo(row.get("severity").asString());
            checked += assertBindingsMatch(rows.get(i), row);
        }
        Elements errorRows = page.select("tbody[data-error-rows] > tr");
        assertThat(errorRows).hasSize(snapshot.get("errorRows").size());
        for (int i = 0; i < errorRows.size(); i++) {
            JsonNode row = snapshot.get("errorRows").get(i);
            assertThat(errorRows.get(i).attr("data-key")).isEqualTo(row.get("key").asString());
            assertThat(errorRows.get(i).attr("data-errors")).isEqualTo(row.get("errors").asString());
            checked += assertBindingsMatch(errorRows.get(i), row);
        }
        assertThat(checked).as("bound values compared").isGreaterThan(120);
    }

    private int assertBindingsMatch(Element root, JsonNode data) {
        int checked = 0;
        for (Element el : root.select("[data-text]")) {
            assertThat(el.text()).as("data-text=%s", el.attr("data-text")).isEqualTo(text(data, el.attr("data-text")));
            checked++;
        }
        for (Element el : root.select("[data-title]")) {
            assertThat(el.attr("title")).as("data-title=%s", el.attr("data-title")).isEqualTo(text(data, el.attr("data-title")));
            checked++;
        }
        for (Element el : root.select("[data-datetime]")) {
            assertThat(el.attr("datetime")).isEqualTo(text(data, el.attr("data-datetime")));
            checked++;
        }
        for (Element el : root.select("[data-href]")) {
            assertThat(el.attr("href")).isEqualTo(text(data, el.attr("data-href")));
            checked++;
        }
        for (Element el : root.select("[data-flag]")) {
            JsonNode value = at(data, el.attr("data-flag"));
            boolean on = value.isBoolean() ? value.asBoolean() : value.isNumber() && value.asDouble() > 0;
            assertThat(el.attr("data-on")).as("data-flag=%s", el.attr("data-flag")).isEqualTo(Boolean.toString(on));
            checked++;
        }
        return checked;
    }

    /** The text bind.js would write for {@code path}: empty for a missing or null value. */
    private static String text(JsonNode data, String path) {
        JsonNode value = at(data, path);
        return value.isMissingNode() || value.isNull() ? "" : value.asString();
    }

    private static JsonNode at(JsonNode data, String path) {
        return data.at("/" + path.replace('.', '/'));
    }

    @Test
    void aClusterStreamCarriesOnlyTheClusterAndAnUnknownClusterIsAProblem() {
        importClusters(new ClusterMemberRow("rack1", SampleFabric.NODE001), new ClusterMemberRow("rack1", LEAF01));

        JsonNode snapshot = json.readTree(events("/events/ports?cluster=rack1").blockFirst(PATIENCE).data());

        assertThat(snapshot.get("total").asInt()).isEqualTo(2);
        assertThat(snapshot.get("summary").get("nodes").asInt()).isEqualTo(2);
        assertThat(snapshot.get("rows").findValuesAsString("key"))
                .containsExactly(LEAF01 + ":3", SampleFabric.NODE001 + ":1");
        client.get().uri("/events/ports?cluster=rack9").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.detail").isEqualTo("no cluster 'rack9'; the clusters are rack1");
    }

    private Flux<ServerSentEvent<String>> events() {
        return events("/events/ports");
    }

    private Flux<ServerSentEvent<String>> events(String uri) {
        return client.get().uri(uri).accept(MediaType.TEXT_EVENT_STREAM).exchange()
                .expectStatus().isOk()
                .returnResult(EVENT).getResponseBody()
                .filter(event -> event.data() != null);
    }
}
