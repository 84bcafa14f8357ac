package io.fabricpulse.server.security;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import static org.assertj.core.api.Assertions.assertThat;

/** The rule table's decisions for the paths every feature of issue 6 adds, and its edges. */
class AccessRulesTest {

    private static Access access(HttpMethod method, String path) {
        return AccessRules.classify(method, path).map(AccessRule::access).orElse(null);
    }

    @Test
    void readsNeedReadAndAckingNeedsAckAndConfigurationNeedsAdmin() {
        assertThat(access(HttpMethod.GET, "/api/v1/alerts")).isEqualTo(Access.READ);
        assertThat(access(HttpMethod.GET, "/api/v1/alerts/42")).isEqualTo(Access.READ);
        assertThat(access(HttpMethod.POST, "/api/v1/alerts/42/ack")).isEqualTo(Access.ACK);
        assertThat(access(HttpMethod.POST, "/api/v1/alerts/42/comments")).isEqualTo(Access.ACK);
        assertThat(access(HttpMethod.POST, "/api/v1/silences")).isEqualTo(Access.ACK);
        assertThat(access(HttpMethod.DELETE, "/api/v1/silences/7")).isEqualTo(Access.ACK);
        assertThat(access(HttpMethod.GET, "/api/v1/rules")).isEqualTo(Access.READ);
        assertThat(access(HttpMethod.PUT, "/api/v1/rules/symbol-ber")).isEqualTo(Access.ADMIN);
        assertThat(access(HttpMethod.PUT, "/api/v1/names")).isEqualTo(Access.ADMIN);
        assertThat(access(HttpMethod.POST, "/api/v1/topology/baseline")).isEqualTo(Access.ADMIN);
        assertThat(access(HttpMethod.GET, "/api/v1/ports/0x0002c903003178f0/1/rates")).isEqualTo(Access.READ);
    }

    @Test
    void secretsAndWhoDidWhatAreForAdminsEvenToRead() {
        for (String path : new String[]{"/api/v1/tokens", "/api/v1/tokens/3", "/api/v1/webhooks", "/api/v1/webhooks/1",
                "/api/v1/audit", "/api/v1/settings/retention"}) {
            assertThat(access(HttpMethod.GET, path)).as(path).isEqualTo(Access.ADMIN);
            assertThat(access(HttpMethod.POST, path)).as(path).isEqualTo(Access.ADMIN);
        }
    }

    @Test
    void ingestIsForAgentsWhateverTheMethod() {
        for (HttpMethod method : AccessRules.ALL) {
            assertThat(access(method, "/api/v1/ingest")).as(method.name()).isEqualTo(Access.AGENT);
        }
        assertThat(access(HttpMethod.POST, "/api/v1/ingest/x")).as("only the exact path").isNull();
    }

    @Test
    void publicIsOnlyHealthAssetsAndTheLoginForm() {
        assertThat(access(HttpMethod.GET, "/actuator/health/readiness")).isEqualTo(Access.PUBLIC);
        assertThat(access(HttpMethod.GET, "/css/app.css")).isEqualTo(Access.PUBLIC);
        assertThat(access(HttpMethod.POST, "/css/app.css")).isNull();
        assertThat(access(HttpMethod.GET, "/login")).isEqualTo(Access.PUBLIC);
        assertThat(access(HttpMethod.GET, "/actuator/prometheus")).isEqualTo(Access.READ);
        assertThat(access(HttpMethod.GET, "/actuator/env")).isNull();
    }

    @Test
    void whatTheTableDoesNotNameHasNoRule() {
        assertThat(access(HttpMethod.GET, "/api/v2/anything")).isNull();
        assertThat(access(HttpMethod.GET, "/admin")).isNull();
        assertThat(access(HttpMethod.OPTIONS, "/api/v1/alerts")).isNull();
        assertThat(access(HttpMethod.GET, "/api/v1/alertsx")).as("a prefix is a whole segment").isNull();
    }

    @Test
    void everyPatternParsesAndEveryRuleHasMethods() {
        for (AccessRule rule : AccessRules.TABLE) {
            for (String pattern : rule.patterns()) {
                assertThat(pattern).startsWith("/");
                // Parses as the filter chain parses it, or throws here rather than at startup.
                rule.matches(rule.methods().iterator().next(), pattern.replace("**", "x"));
            }
        }
    }
}
