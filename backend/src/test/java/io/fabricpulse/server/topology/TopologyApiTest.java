package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.topology.TopologyParser;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import io.fabricpulse.server.topology.imports.Mutations;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The topology endpoints over HTTP on the real server: imports with their audit entries, the
 * filters, the exports and their round trip, and hostile uploads (a 400 with the line, nothing changed,
 * never a 5xx).
 */
class TopologyApiTest extends ServerTest {

    @Autowired
    AuditLogRepository audit;
    @Autowired
    TopologyChanges changes;
    @Autowired
    TopologyImports imports;
    @Autowired
    io.fabricpulse.server.topology.store.TopologyBaselineRepository baselines;

    @Autowired
    io.fabricpulse.server.security.token.ApiTokenStore tokens;

    private final SmallFabric fabric = new SmallFabric();
    /** Imports are admin writes; a script makes them with an API token (Basic writes need a CSRF token). */
    private String adminToken;

    @BeforeEach
    void pushTheSmallFabric() {
        if (adminToken == null) {
            adminToken = tokens.create("topology-" + System.nanoTime(),
                    java.util.Set.of(io.fabricpulse.server.security.token.ApiScope.ADMIN), ADMIN).block().secret();
        }
        IngestBatch batch = fabric.discovered(Instant.now().minusSeconds(1), true, true);
        ingest(TestBatches.json(new IngestBatch(1, TestBatches.randomAgentId(), 1, batch.collectedAt(), "umad",
                batch.nodes(), batch.discovery()))).expectStatus().isAccepted();
    }

    private String readToken() {
        return tokens.create("reader-" + System.nanoTime(),
                java.util.Set.of(io.fabricpulse.server.security.token.ApiScope.READ), ADMIN).block().secret();
    }

    private WebTestClient.ResponseSpec write(String method, String uri, MediaType type, byte[] body) {
        return web.method(org.springframework.http.HttpMethod.valueOf(method)).uri(uri)
                .headers(h -> h.setBearerAuth(adminToken)).contentType(type).bodyValue(body).exchange();
    }

    private WebTestClient.ResponseSpec write(String method, String uri, String text) {
        return write(method, uri, MediaType.TEXT_PLAIN, text.getBytes(StandardCharsets.UTF_8));
    }

    private String text(String uri, MediaType accept) {
        return web.get().uri(uri).headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD)).accept(accept).exchange()
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
    }

    private List<AuditEntry> auditSince(Instant since) {
        return audit.recent(since, 100).collectList().block();
    }

    @Test
    void aNodeNameMapRenamesNodesEverywhereAndIsAudited() {
        Instant before = Instant.now().minusMillis(1);
        write("POST", "/api/v1/names", "# names\n" + SmallFabric.S1 + " \"core-1\"\n").expectStatus().isCreated()
                .expectBody().jsonPath("$.count").isEqualTo(1);

        read("/api/v1/nodes").expectBody().jsonPath("$[?(@.guid == '" + SmallFabric.S1 + "')].name").isEqualTo("core-1");
        read("/api/v1/ports?nodeGuid=" + SmallFabric.S1).expectBody().jsonPath("$[0].nodeName").isEqualTo("core-1");
        read("/api/v1/links").expectBody()
                .jsonPath("$[?(@.a.nodeGuid == '" + SmallFabric.S1 + "' && @.a.port == 3)].a.nodeName").isEqualTo("core-1");
        assertThat(auditSince(before)).filteredOn(entry -> entry.action().equals("node-names.import"))
                .extracting(AuditEntry::actor).singleElement().asString().startsWith("token:topology-");
    }

    @Test
    void aHostileNodeNameMapIsRefusedWithItsLineAndChangesNothing() {
        write("POST", "/api/v1/names", SmallFabric.S1 + " \"core-1\"\n").expectStatus().isCreated();
        write("POST", "/api/v1/names", SmallFabric.S1 + " \"other\"\n" + SmallFabric.S2 + " \"x\" y\n")
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-import")
                .jsonPath("$.line").isEqualTo(2)
                .jsonPath("$.detail").value(d -> assertThat((String) d).startsWith("line 2, column"));
        read("/api/v1/nodes").expectBody().jsonPath("$[?(@.guid == '" + SmallFabric.S1 + "')].name").isEqualTo("core-1");
    }

    @Test
    void clustersFilterNodesPortsLinksAndTheTopology() {
        write("POST", "/api/v1/clusters", "[left]\n" + SmallFabric.S1 + " = s1\n" + SmallFabric.H1 + " = h1\n[right]\n"
                + SmallFabric.S2 + "\n").expectStatus().isCreated().expectBody().jsonPath("$.count").isEqualTo(2);

        read("/api/v1/nodes?cluster=left").expectBody().jsonPath("$.length()").isEqualTo(2);
        read("/api/v1/ports?cluster=right").expectBody().jsonPath("$[*].nodeGuid").value(guids ->
                assertThat((List<?>) guids).isNotEmpty().allMatch(SmallFabric.S2::equals));
        read("/api/v1/topology?cluster=left").expectBody()
                .jsonPath("$.nodes.length()").isEqualTo(2)
                .jsonPath("$.nodes[0].clusters[0]").isEqualTo("left")
                .jsonPath("$.links.length()").isEqualTo(4); // s1's four cables
        read("/api/v1/links?cluster=right").expectBody().jsonPath("$.length()").isEqualTo(4);
        read("/api/v1/links?cluster=nowhere").expectStatus().isBadRequest().expectBody()
                .jsonPath("$.detail").isEqualTo("cluster: must be a known cluster (left, right), got 'nowhere'");
    }

    @Test
    void theIbnetdiscoverAndJsonExportsReadBackAsBaselinesShowNoChange() throws Exception {
        write("POST", "/api/v1/topology/baseline", "").expectStatus().isCreated()
                .expectBody().jsonPath("$.baselineId").isNumber();
        assertThat(changes.active()).isEmpty();

        String dump = text("/api/v1/topology", MediaType.TEXT_PLAIN);
        assertThat(TopologyParser.parse(dump).node(Long.decode(SmallFabric.S1))).isPresent();
        assertThat(text("/api/v1/topology?format=ibnetdiscover", MediaType.ALL)).isEqualTo(dump);
        write("PUT", "/api/v1/topology/baseline", dump).expectStatus().isCreated();
        read("/api/v1/topology/changes").expectStatus().isOk().expectBody().json("[]");
        assertThat(imports.decode(baselines.latest().block())).as("what a restart reads back").isEqualTo(changes.baseline());

        byte[] json = text("/api/v1/topology", MediaType.APPLICATION_JSON).getBytes(StandardCharsets.UTF_8);
        write("PUT", "/api/v1/topology/baseline", MediaType.APPLICATION_JSON, json).expectStatus().isCreated();
        read("/api/v1/topology/changes").expectBody().json("[]");
    }

    @Test
    void aBaselineWithoutACableShowsItAsAdded() throws Exception {
        String dump = text("/api/v1/topology", MediaType.TEXT_PLAIN);
        String[] lines = dump.split("\n");
        StringBuilder without = new StringBuilder();
        for (String line : lines) {
            // drop the s1[4] - s2[4] cable from both ends' records
            if (!(line.startsWith("[4]") && (line.contains("S-" + SmallFabric.S2.substring(2))
                    || line.contains("S-" + SmallFabric.S1.substring(2))))) {
                without.append(line).append('\n');
            }
        }
        write("PUT", "/api/v1/topology/baseline", without.toString()).expectStatus().isCreated();
        read("/api/v1/topology/changes").expectBody()
                .jsonPath("$[?(@.kind == 'LINK_ADDED')].port.port").isEqualTo(4);
    }

    @Test
    void aDumpCanNameNodesByItsDescriptions() {
        String dump = "Switch 8 \"S-" + SmallFabric.S2.substring(2) + "\" # \"spine 2 (from the dump)\" base port 0 lid 3 lmc 0\n"
                + "[1] \"H-" + SmallFabric.H3.substring(2) + "\"[1] # \"h3 HCA-1\" lid 9 4xEDR\n\n"
                + "Ca 1 \"H-" + SmallFabric.H3.substring(2) + "\" # \"h3 HCA-1\"\n"
                + "[1] \"S-" + SmallFabric.S2.substring(2) + "\"[1] # lid 9 lmc 0 \"spine 2 (from the dump)\" lid 3 4xEDR\n";
        write("POST", "/api/v1/names?format=ibnetdiscover", dump).expectStatus().isCreated()
                .expectBody().jsonPath("$.count").isEqualTo(2);
        read("/api/v1/nodes").expectBody()
                .jsonPath("$[?(@.guid == '" + SmallFabric.S2 + "')].name").isEqualTo("spine 2 (from the dump)");
    }

    @Test
    void aHostileDumpIsRefusedWithItsLineAndTheBaselineStays() {
        write("POST", "/api/v1/topology/baseline", "").expectStatus().isCreated();
        var baseline = changes.baseline();
        write("PUT", "/api/v1/topology/baseline", "Switch 8 \"s1\"\n[1] \"h1\"[1]\n[9] \"h2\"[1]\n")
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.line").isEqualTo(3)
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-import");
        assertThat(changes.baseline()).isSameAs(baseline);
    }

    @Test
    void writesNeedAUser() {
        web.post().uri("/api/v1/topology/baseline").headers(h -> h.setBearerAuth("fp_wrong")).exchange()
                .expectStatus().isUnauthorized();
        web.post().uri("/api/v1/topology/baseline").headers(h -> h.setBearerAuth(readToken())).exchange()
                .expectStatus().isForbidden();
        // Without credentials the request is a browser's as far as the server knows: CSRF refuses it first.
        web.post().uri("/api/v1/names").contentType(MediaType.TEXT_PLAIN).bodyValue("0x1 \"a\"").exchange()
                .expectStatus().isForbidden();
    }

    /** Mutations of good uploads over HTTP: never a 5xx, and a refused one leaves everything as it was. */
    @Test
    void fuzzedUploadsAreRefusedWholeNeverWithAFault() {
        String dump = text("/api/v1/topology", MediaType.TEXT_PLAIN);
        write("PUT", "/api/v1/topology/baseline", dump).expectStatus().isCreated();
        byte[] json = text("/api/v1/topology", MediaType.APPLICATION_JSON).getBytes(StandardCharsets.UTF_8);
        byte[] names = ("# map\n" + SmallFabric.S1 + " \"core-1\"\n" + SmallFabric.S2 + " \"core-2\"\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] conf = ("[left]\n" + SmallFabric.S1 + " = s1\n[right]\n" + SmallFabric.S2 + " = s2\n")
                .getBytes(StandardCharsets.UTF_8);
        Random random = new Random(11);
        for (int i = 0; i < 40; i++) {
            var baseline = changes.baseline();
            int status = write("PUT", "/api/v1/topology/baseline", MediaType.TEXT_PLAIN,
                    Mutations.mutate(dump.getBytes(StandardCharsets.UTF_8), random))
                    .expectBody(String.class).returnResult().getStatus().value();
            assertRefusedWholeOrTaken(status, baseline);
            baseline = changes.baseline();
            status = write("PUT", "/api/v1/topology/baseline", MediaType.APPLICATION_JSON, Mutations.mutate(json, random))
                    .expectBody(String.class).returnResult().getStatus().value();
            assertRefusedWholeOrTaken(status, baseline);
            assertThat(write("POST", "/api/v1/names", MediaType.TEXT_PLAIN, Mutations.mutate(names, random))
                    .expectBody(String.class).returnResult().getStatus().value()).isIn(201, 400);
            assertThat(write("POST", "/api/v1/clusters", MediaType.TEXT_PLAIN, Mutations.mutate(conf, random))
                    .expectBody(String.class).returnResult().getStatus().value()).isIn(201, 400);
        }
    }

    private void assertRefusedWholeOrTaken(int status, Object baselineBefore) {
        assertThat(status).isIn(201, 400);
        if (status == 400) {
            assertThat(changes.baseline()).isSameAs(baselineBefore);
        }
    }
}
