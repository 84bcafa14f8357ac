package io.fabricpulse.server.alerting;

import io.fabricpulse.server.fabric.FabricUpdate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agent silence on a virtual clock: one agent is its own alert as before; a hundred that stop together,
 * even spread over a whole round of their pushes, are one alert naming them, until the last is heard again.
 */
class AgentWatchTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final RuleSettings SILENT = new RuleSettings(true, Severity.WARNING, 3.0, Duration.ofSeconds(10),
            null, null, Duration.ZERO, null);

    private final AgentWatch watch = new AgentWatch();
    /** What the engine was told at the latest check: silent subjects by id, with their summaries. */
    private final Map<String, String> silent = new LinkedHashMap<>();
    private final List<String> firstSilentAt = new ArrayList<>();

    private void seen(String agent, Instant at) {
        watch.seen(new FabricUpdate(at, agent, List.of()), at);
    }

    private void check(Instant now) {
        silent.clear();
        watch.check(now, SILENT, (id, silence) -> {
            silent.put(id, silence.finding().summary());
            if (!firstSilentAt.contains(id)) {
                firstSilentAt.add(id);
            }
        }, (id, silence) -> { });
    }

    @Test
    void oneSilentAgentIsItsOwnAlert() {
        seen("a", T0);
        seen("a", T0.plusSeconds(4));
        for (int s = 5; s <= 20; s++) {
            check(T0.plusSeconds(s));
        }
        assertThat(silent).containsOnlyKeys("a");
    }

    @Test
    void aHundredAgentsStoppingOverOneRoundOfPushesAreOneGroup() {
        Duration round = Duration.ofMillis(8_700);
        Duration step = round.dividedBy(100);
        for (int i = 0; i < 100; i++) {
            seen("quiet-" + i, T0.plus(step.multipliedBy(i)));
        }
        for (int i = 0; i < 100; i++) {
            seen("quiet-" + i, T0.plus(round).plus(step.multipliedBy(i)));
        }
        for (int s = 1; s <= 60; s++) {
            check(T0.plusSeconds(s));
        }
        assertThat(firstSilentAt).hasSize(1).first().asString().startsWith(AgentWatch.GROUP_PREFIX);
        assertThat(silent.values().iterator().next()).startsWith("100 agents fell silent together");
    }

    /**
     * The shape a loaded server gives the hundred agents of AgentTrustIT: the first round of pushes (each a new
     * agent to register) takes 20 s, the next two 7 s each. The first agents' usual interval then looks three
     * times longer than the last ones', so they fall silent long after them; still one group.
     */
    @Test
    void agentsWhoseIntervalsLookUnequalStillFallSilentAsOneGroup() {
        double[] roundStart = {0, 20, 27};
        double[] roundStep = {0.2, 0.07, 0.07};
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 100; i++) {
                seen("uneven-" + i, T0.plusMillis(Math.round((roundStart[round] + roundStep[round] * i) * 1000)));
            }
        }
        for (int s = 34; s <= 180; s++) {
            check(T0.plusSeconds(s));
        }
        assertThat(firstSilentAt).hasSize(1);
        assertThat(silent).hasSize(1);
        assertThat(silent.values().iterator().next()).startsWith("100 agents");
    }

    /**
     * Two rounds on a machine busy enough that the first (registering each agent) takes 40 s and the second 15 s,
     * longer than the window: the first agents look as if they pushed every 40 s, the last every 15 s, so the
     * last are found silent a minute before the first, which stopped up to 15 s before them. One group.
     */
    @Test
    void agentsThatStoppedWithinTheGroupsStopsJoinItHoweverLateTheyAreFoundSilent() {
        for (int i = 0; i < 100; i++) {
            seen("slow-" + i, T0.plusMillis(400L * i));
        }
        for (int i = 0; i < 100; i++) {
            seen("slow-" + i, T0.plusSeconds(40).plusMillis(150L * i));
        }
        for (int s = 56; s <= 240; s++) {
            check(T0.plusSeconds(s));
        }
        assertThat(firstSilentAt).hasSize(1);
        assertThat(silent).hasSize(1);
        assertThat(silent.values().iterator().next()).startsWith("100 agents");
    }

    /** Two batches each, 70 ms apart, one agent after another for 14 s, checked every second meanwhile. */
    @Test
    void agentsStillArrivingWhileTheFirstFallSilentJoinTheGroup() {
        Duration step = Duration.ofMillis(70);
        Instant at = T0;
        Instant nextCheck = T0.plusSeconds(1);
        for (int i = 0; i < 100; i++) {
            for (int batch = 0; batch < 2; batch++) {
                seen("pair-" + i, at);
                at = at.plus(step);
                if (!at.isBefore(nextCheck)) {
                    check(nextCheck);
                    nextCheck = nextCheck.plusSeconds(1);
                }
            }
        }
        for (; nextCheck.isBefore(T0.plusSeconds(60)); nextCheck = nextCheck.plusSeconds(1)) {
            check(nextCheck);
        }
        assertThat(firstSilentAt).hasSize(1);
        assertThat(silent.values().iterator().next()).startsWith("100 agents");
    }

    /** Every 10 s until they stop, 0.8 s after one another: 24 s from the first stop to the last. */
    @Test
    void stopsSpreadWiderThanTheWindowStillJoinTheOpenGroup() {
        for (int i = 0; i < 30; i++) {
            Instant stop = T0.plusSeconds(60).plus(Duration.ofMillis(800L * i));
            for (Instant at = stop.minusSeconds(50); !at.isAfter(stop); at = at.plusSeconds(10)) {
                seen("late-" + i, at);
            }
        }
        for (int s = 61; s <= 180; s++) {
            check(T0.plusSeconds(s));
        }
        assertThat(firstSilentAt).hasSize(1);
        assertThat(silent.values().iterator().next()).startsWith("30 agents");
    }

    @Test
    void theGroupEndsWhenItsLastAgentIsHeardAgain() {
        for (int i = 0; i < 10; i++) {
            seen("g-" + i, T0);
            seen("g-" + i, T0.plusSeconds(1));
        }
        check(T0.plusSeconds(20));
        assertThat(silent).hasSize(1);
        for (int i = 0; i < 9; i++) {
            seen("g-" + i, T0.plusSeconds(21));
        }
        check(T0.plusSeconds(22));
        assertThat(silent).hasSize(1);
        assertThat(silent.values().iterator().next()).startsWith("1 agents");
        seen("g-9", T0.plusSeconds(23));
        check(T0.plusSeconds(24));
        assertThat(silent).isEmpty();
    }
}
