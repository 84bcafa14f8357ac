package io.fabricpulse.server.api;

import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateQuery;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Chart parameters from random and hostile text: every outcome is a valid query or a 400 problem that
 * names the parameter, never another exception (which would be a 500).
 */
class ChartParametersFuzzTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final List<String> PIECES = List.of("", " ", "0", "-1", "254", "255", "1e9", "99999999999999999999",
            "0x0002c903003178f0", "0002:c903:0031:78f0", "SymbolErrorCounter", "XmitBytesPerSecond", "max", "AVERAGE",
            "10s", "0s", "-5m", "PT0.5S", "1d", "9999999999999999d", "2026-03-01T12:00:00Z", "+1000000000-12-31T23:59:59Z",
            "-1000000000-01-01T00:00:00Z", "NaN", "\u0000", "%", "\u202e", "1h30m", "P1D", "x".repeat(300));

    @RepeatedTest(200)
    void anyTextGivesAQueryOrAProblem(org.junit.jupiter.api.RepetitionInfo repetition) {
        Random random = new Random(repetition.getCurrentRepetition());
        LinkedMultiValueMap<String, String> params = new LinkedMultiValueMap<>();
        for (String name : List.of("counter", "from", "to", "step", "consolidation")) {
            if (random.nextInt(3) > 0) {
                params.add(name, piece(random));
            }
        }
        ReadQuery query = new ReadQuery(params, ChartParameters.NAMES);
        try {
            PortSeriesKey port = ChartParameters.port(query, piece(random), piece(random));
            RateQuery rates = ChartParameters.rateQuery(query, port, NOW);
            query.throwIfInvalid();
            assertThat(rates).isNotNull();
            assertThat(rates.buckets()).isBetween(1, RateQuery.MAX_BUCKETS);
        } catch (ProblemException problem) {
            assertThat(problem.errors()).isNotEmpty()
                    .allSatisfy(error -> assertThat(error.reason()).isNotBlank());
        }
    }

    private static String piece(Random random) {
        String piece = PIECES.get(random.nextInt(PIECES.size()));
        return random.nextInt(5) == 0 ? piece + PIECES.get(random.nextInt(PIECES.size())) : piece;
    }

    @Test
    void theDefaultStepKeepsChartsUnderAThousandBuckets() {
        assertThat(ChartParameters.defaultStep(Duration.ofHours(1))).isEqualTo(Duration.ofSeconds(10));
        assertThat(ChartParameters.defaultStep(Duration.ofHours(3))).isEqualTo(Duration.ofMinutes(1));
        assertThat(ChartParameters.defaultStep(Duration.ofDays(2))).isEqualTo(Duration.ofMinutes(5));
        assertThat(ChartParameters.defaultStep(Duration.ofDays(30))).isEqualTo(Duration.ofHours(1));
        assertThat(ChartParameters.defaultStep(Duration.ofDays(730))).isEqualTo(Duration.ofDays(1));
        assertThat(ChartParameters.defaultStep(Duration.ofDays(3650))).isEqualTo(Duration.ofSeconds(315_360));
    }

    @Test
    void aGoodRequestNeedsOnlyTheCounter() {
        LinkedMultiValueMap<String, String> params = new LinkedMultiValueMap<>();
        params.add("counter", "PortXmitDiscards");
        ReadQuery query = new ReadQuery(params, ChartParameters.NAMES);

        RateQuery rates = ChartParameters.rateQuery(query, ChartParameters.port(query, "0002:c903:0031:78f0", "3"), NOW);
        query.throwIfInvalid();
        assertThat(rates.port()).isEqualTo(new PortSeriesKey("0x0002c903003178f0", 3));
        assertThat(rates.from()).isEqualTo(NOW.minus(Duration.ofHours(1)));
        assertThat(rates.to()).isEqualTo(NOW);

        ReadQuery none = new ReadQuery(new LinkedMultiValueMap<>(), ChartParameters.NAMES);
        ChartParameters.rateQuery(none, null, NOW);
        assertThatThrownBy(none::throwIfInvalid).isInstanceOf(ProblemException.class);
    }
}
