package io.fabricpulse.server.ingest;

import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Thousands of random mutations of a valid batch through the real HTTP handler: every answer is a
 * 2xx or a 4xx with a problem body, never a 5xx. The seed is in the failure message to replay it.
 */
class IngestFuzzTest extends ServerTest {

    /** 2,000 by default (seconds on an idle 2-core machine); {@code -Dfabricpulse.fuzz.mutations=N} for a longer hunt. */
    private static final int MUTATIONS = Integer.getInteger("fabricpulse.fuzz.mutations", 2_000);
    private static final List<String> HOSTILE_TOKENS = List.of("null", "-1", "0", "1e309", "-0.0", "3.5",
            "18446744073709551615", "18446744073709551616", "99999999999999999999999999", "9223372036854775808",
            "\"\"", "\"x\"", "\"\\u0000\"", "\"0xZZ\"", "[]", "{}", "[[[[", "}}}", "true", "NaN", ",", ":",
            "\"ACTIVE\"", "\"SWITCH\"", "\"" + "y".repeat(5_000) + "\"");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+");
    private static final Pattern STRING = Pattern.compile("\"[^\"]*\"");
    private static final String JSON_CHARS = "{}[]:,\"\\-+.0123456789eEtrufalsn xyzXZ\u00e9\u0000";

    @Test
    void randomMutationsNeverCauseAServerError() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String valid = TestBatches.json(TestBatches.batch(TestBatches.randomAgentId(), 1, Instant.now().minusSeconds(60),
                TestBatches.hca(TestBatches.randomGuid(), "fuzz HCA-1",
                        TestBatches.activePort(1, Map.of("SymbolErrorCounter", 5L, "PortXmitData", 1_000L)),
                        TestBatches.activePort(2, Map.of("PortXmitDiscards", 65_535L, "LinkDownedCounter", 3L)))));

        for (int i = 0; i < MUTATIONS; i++) {
            String mutant = mutate(valid, random);
            EntityExchangeResult<byte[]> result = web.post().uri("/api/v1/ingest")
                    .headers(h -> h.setBearerAuth(AGENT_TOKEN))
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(mutant.getBytes(StandardCharsets.UTF_8))
                    .exchange()
                    .expectBody().returnResult();

            String context = "seed " + seed + ", mutation " + i + ": " + abbreviate(mutant);
            int status = result.getStatus().value();
            assertThat(status).as(context).isBetween(200, 499);
            if (status >= 400) {
                assertThat(result.getResponseHeaders().getContentType()).as(context)
                        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
                assertThat(new String(result.getResponseBodyContent(), StandardCharsets.UTF_8)).as(context)
                        .contains("\"detail\":");
            }
        }
    }

    private static String mutate(String json, Random random) {
        String mutant = json;
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && !mutant.isEmpty(); e++) {
            int at = random.nextInt(mutant.length());
            mutant = switch (random.nextInt(8)) {
                case 0 -> mutant.substring(0, at) + JSON_CHARS.charAt(random.nextInt(JSON_CHARS.length()))
                        + mutant.substring(at + 1);
                case 1 -> mutant.substring(0, at) + mutant.substring(Math.min(mutant.length(), at + 1 + random.nextInt(10)));
                case 2 -> mutant.substring(0, at) + HOSTILE_TOKENS.get(random.nextInt(HOSTILE_TOKENS.size()))
                        + mutant.substring(at);
                case 3 -> replaceOne(mutant, NUMBER, HOSTILE_TOKENS.get(random.nextInt(HOSTILE_TOKENS.size())), random);
                case 4 -> replaceOne(mutant, STRING, HOSTILE_TOKENS.get(random.nextInt(HOSTILE_TOKENS.size())), random);
                case 5 -> {
                    int end = Math.min(mutant.length(), at + random.nextInt(40));
                    yield mutant.substring(0, end) + mutant.substring(at, end) + mutant.substring(end);
                }
                case 6 -> HOSTILE_TOKENS.get(random.nextInt(HOSTILE_TOKENS.size()));
                default -> mutant.substring(0, at);
            };
        }
        return mutant;
    }

    /** Replaces the n-th match of {@code pattern}, n random. */
    private static String replaceOne(String text, Pattern pattern, String replacement, Random random) {
        Matcher matcher = pattern.matcher(text);
        long count = matcher.results().count();
        if (count == 0) {
            return text;
        }
        matcher.reset();
        long target = random.nextLong(count);
        for (long i = 0; i <= target; i++) {
            matcher.find();
        }
        return text.substring(0, matcher.start()) + replacement + text.substring(matcher.end());
    }

    private static String abbreviate(String text) {
        return text.length() <= 600 ? text : text.substring(0, 600) + "…";
    }
}
