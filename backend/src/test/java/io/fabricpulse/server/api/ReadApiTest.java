package io.fabricpulse.server.api;

import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

import java.time.Instant;
import java.util.Map;

/** GET /api/v1/nodes and /api/v1/ports: filters work, bad parameters are a 400 problem. */
class ReadApiTest extends ServerTest {

    @Test
    void portsFilterByNodeGuidInAnySpellingAndLimit() {
        String guid = "0x00188b9097fe8e41";
        Instant at = Instant.now().minusSeconds(5);
        ingest(TestBatches.json(TestBatches.batch(TestBatches.randomAgentId(), 1, at, TestBatches.hca(guid, "rac1001 HCA-1",
                TestBatches.activePort(1, Map.of()), TestBatches.activePort(2, Map.of()))))).expectStatus().isAccepted();

        read("/api/v1/ports?nodeGuid=0018:8b90:97fe:8e41").expectStatus().isOk().expectBody()
                .jsonPath("$.length()").isEqualTo(2)
                .jsonPath("$[0].nodeName").isEqualTo("rac1001 HCA-1");
        read("/api/v1/ports?nodeGuid=" + guid + "&limit=1").expectBody().jsonPath("$.length()").isEqualTo(1);
        read("/api/v1/nodes?type=ca").expectBody().jsonPath("$[?(@.guid == '" + guid + "')].portCount").isEqualTo(2);
    }

    @Test
    void badParametersAreListedInOneProblem() {
        read("/api/v1/ports?limit=0&nodeGuid=zz&color=red").expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/invalid-query")
                .jsonPath("$.errors.length()").isEqualTo(3)
                .jsonPath("$.errors[?(@.path == 'limit')].reason").isEqualTo("must be a whole number from 1 to 100000, got '0'")
                .jsonPath("$.errors[?(@.path == 'nodeGuid')].reason")
                .isEqualTo("must be a node GUID such as 0x0002c903003178f0, got 'zz'")
                .jsonPath("$.errors[?(@.path == 'color')].reason").isEqualTo("unknown query parameter; known: cluster, limit, nodeGuid");
    }

    @Test
    void aLimitThatIsNoNumberIsAProblemNotAFault() {
        read("/api/v1/nodes?limit=99999999999999999999").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail")
                .isEqualTo("limit: must be a whole number from 1 to 100000, got '99999999999999999999'");
        read("/api/v1/nodes?type=HUB").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("type: must be one of CA, SWITCH, ROUTER, got 'HUB'");
        read("/api/v1/nodes?limit=1&limit=2").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.detail").isEqualTo("limit: given 2 times; give it once");
    }

    @Test
    void unknownApiPathsAreAProblem() {
        read("/api/v1/nothing-here").expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }
}
