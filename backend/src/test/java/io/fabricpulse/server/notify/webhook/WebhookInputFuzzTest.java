package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.problem.ProblemException;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Hostile and random webhook bodies: each is accepted or refused with a problem, never anything else. */
class WebhookInputFuzzTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> PIECES = List.of("{", "}", "[", "]", ",", ":", "\"name\"", "\"type\"", "\"url\"",
            "\"secret\"", "\"clusters\"", "\"minSeverity\"", "\"slack\"", "\"generic\"", "\"https://x.example.org/a\"",
            "\"http://[::1\"", "\"javascript:alert(1)\"", "null", "1e999", "-0", "true", "\"\\u0000\"", "\"é\"",
            "\"" + "x".repeat(3000) + "\"", "\"etna\"", "\"info\"", "\"CRITICAL\"");

    @Test
    void randomBodiesAreAcceptedOrAProblemNeverAFault() {
        Random random = new Random(42);
        int accepted = 0;
        for (int i = 0; i < 5000; i++) {
            StringBuilder body = new StringBuilder();
            int pieces = random.nextInt(12);
            for (int p = 0; p < pieces; p++) {
                body.append(PIECES.get(random.nextInt(PIECES.size())));
            }
            try {
                WebhookInput.parse(body.toString(), JSON, null);
                accepted++;
            } catch (ProblemException refused) {
                assertThat(refused.toProblemDetail().getDetail()).isNotBlank();
            }
        }
        assertThat(accepted).isLessThan(5000);
    }

    @Test
    void controlCharactersLongNamesAndScriptUrlsAreRefused() {
        for (String body : List.of(
                "{\"name\":\"a\\u0007b\",\"type\":\"slack\",\"url\":\"https://x.example.org\"}",
                "{\"name\":\"" + "n".repeat(101) + "\",\"type\":\"slack\",\"url\":\"https://x.example.org\"}",
                "{\"name\":\"n\",\"type\":\"slack\",\"url\":\"javascript:alert(1)\"}",
                "{\"name\":\"n\",\"type\":\"slack\",\"url\":\"https://user:pw@x.example.org\"}",
                "{\"name\":\"n\",\"type\":\"slack\",\"url\":\"https://x.example.org\",\"clusters\":[\"a b\"]}",
                "{\"name\":\"n\",\"type\":\"slack\",\"url\":\"https://x.example.org\",\"clusters\":[1]}")) {
            try {
                WebhookInput.parse(body, JSON, null);
                throw new AssertionError("accepted " + body);
            } catch (ProblemException refused) {
                assertThat(refused.errors()).as(body).isNotEmpty();
            }
        }
    }
}
