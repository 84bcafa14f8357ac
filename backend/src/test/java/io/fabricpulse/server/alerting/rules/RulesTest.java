package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.DerivedRates;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each port rule on hand-made samples: where its threshold lies, and what it leaves alone. */
class RulesTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    private final PortRuleState state = new PortRuleState();

    private static PortView view(Instant at, String width, String speed, PortState portState, Map<String, Long> counters,
                                 Map<String, Instant> saturated) {
        return new PortView("0x0000000000000001", "h1", NodeType.CA, 1, 4, portState,
                portState == PortState.ACTIVE ? PhysicalState.LINK_UP : PhysicalState.POLLING, width, speed,
                "0x0000000000000002", 7, counters, Map.of(), null, null, DerivedRates.NONE, saturated, at);
    }

    private PortSample sample(int second, String width, String speed, Map<String, Long> counters) {
        return state.observe(view(T0.plusSeconds(second), width, speed, PortState.ACTIVE, counters, Map.of()));
    }

    private static RuleSettings settings(PortRule rule, RuleSettings override) {
        return override.over(rule.defaults());
    }

    @Test
    void berOnNdrAllowsAboutThreeErrorsIn125MinutesAndLessThan3In12() {
        SymbolErrorBerRule rule = new SymbolErrorBerRule();
        RuleSettings defaults = rule.defaults();
        // 4X NDR = 400 Gb/s: 12 min x 1e-14 allows 2.88, 125 min x 1e-15 allows 3.0.
        assertThat(rule.evaluate(sample(0, "4X", "NDR", Map.of("SymbolErrorCounter", 0L)), defaults)).isNull();
        assertThat(rule.evaluate(sample(60, "4X", "NDR", Map.of("SymbolErrorCounter", 2L)), defaults)).isNull();
        Finding three = rule.evaluate(sample(120, "4X", "NDR", Map.of("SymbolErrorCounter", 3L)), defaults);
        assertThat(three).isNotNull();
        assertThat(three.threshold()).isCloseTo(2.88, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(three.unit()).isEqualTo("errors in 12m");
        // 13 minutes later the short window has forgotten them; the long one still has 3, which is not above 3.
        assertThat(rule.evaluate(sample(120 + 13 * 60, "4X", "NDR", Map.of("SymbolErrorCounter", 3L)), defaults))
                .isNull();
        Finding fourth = rule.evaluate(sample(120 + 14 * 60, "4X", "NDR", Map.of("SymbolErrorCounter", 4L)), defaults);
        assertThat(fourth).isNotNull();
        assertThat(fourth.summary()).contains("4X NDR");
    }

    @Test
    void berJudgesNoLinkWithoutSpeedAndCountsNeitherFirstSightNorAClear() {
        SymbolErrorBerRule rule = new SymbolErrorBerRule();
        assertThat(rule.evaluate(sample(0, null, null, Map.of("SymbolErrorCounter", 50L)), rule.defaults())).isNull();
        assertThat(rule.evaluate(sample(1, null, null, Map.of("SymbolErrorCounter", 90L)), rule.defaults())).isNull();
        PortRuleState fresh = new PortRuleState();
        PortView seen = view(T0, "4X", "EDR", PortState.ACTIVE, Map.of("SymbolErrorCounter", 5000L), Map.of());
        assertThat(rule.evaluate(fresh.observe(seen), rule.defaults())).isNull();
        PortView cleared = view(T0.plusSeconds(1), "4X", "EDR", PortState.ACTIVE, Map.of("SymbolErrorCounter", 0L),
                Map.of());
        assertThat(rule.evaluate(fresh.observe(cleared), rule.defaults())).isNull();
    }

    @Test
    void counterIncreaseCountsWithinItsWindowOnly() {
        CounterIncreaseRule discards = CounterIncreaseRule.ibqueryerrorsList().stream()
                .filter(r -> r.name().equals("xmit-discards")).findFirst().orElseThrow();
        assertThat(discards.defaults().threshold()).isEqualTo(200);
        assertThat(discards.defaults().window()).isEqualTo(Duration.ofMinutes(5));
        Map<String, Long> counters = new HashMap<>();
        long total = 0;
        Finding finding = null;
        for (int second = 0; second <= 300; second += 30) {
            counters.put("PortXmitDiscards", total);
            finding = discards.evaluate(sample(second, "4X", "EDR", Map.copyOf(counters)), discards.defaults());
            total += 20;
        }
        // 10 increments of 20 within 300 s: exactly 200, at the threshold.
        assertThat(finding).isNotNull();
        assertThat(finding.value()).isEqualTo(200);
        counters.put("PortXmitDiscards", total - 20);
        assertThat(discards.evaluate(sample(330, "4X", "EDR", Map.copyOf(counters)), discards.defaults())).isNull();
    }

    @Test
    void linkDownedFiresOnOneIncrement() {
        CounterIncreaseRule downed = CounterIncreaseRule.ibqueryerrorsList().getFirst();
        assertThat(downed.name()).isEqualTo("link-downed");
        assertThat(downed.evaluate(sample(0, "4X", "EDR", Map.of("LinkDownedCounter", 3L)), downed.defaults())).isNull();
        assertThat(downed.evaluate(sample(1, "4X", "EDR", Map.of("LinkDownedCounter", 4L)), downed.defaults()))
                .isNotNull();
    }

    @Test
    void xmitWaitShareIsWaitAgainstWaitPlusData() {
        XmitWaitShareRule rule = new XmitWaitShareRule();
        rule.evaluate(sample(0, "4X", "EDR", Map.of("PortXmitWait", 0L, "PortXmitData", 0L)), rule.defaults());
        assertThat(rule.evaluate(sample(1, "4X", "EDR", Map.of("PortXmitWait", 100L, "PortXmitData", 900L)),
                rule.defaults())).isNull();
        Finding congested = rule.evaluate(sample(2, "4X", "EDR", Map.of("PortXmitWait", 1100L, "PortXmitData", 1000L)),
                rule.defaults());
        assertThat(congested).isNotNull();
        assertThat(congested.value()).isCloseTo(1100.0 / 2100.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aDegradedLinkIsJudgedAgainstTheExpectedCapability() {
        LinkDegradedRule rule = new LinkDegradedRule(LinkCapabilities.fromSettings());
        RuleSettings expectEdr = settings(rule, new RuleSettings(null, null, null, null, null, null, null, "4X EDR"));
        assertThat(rule.evaluate(sample(0, "4X", "EDR", Map.of()), rule.defaults())).isNull();
        assertThat(rule.evaluate(sample(1, "4X", "EDR", Map.of()), expectEdr)).isNull();
        Finding narrow = rule.evaluate(sample(2, "1X", "EDR", Map.of()), expectEdr);
        assertThat(narrow.summary()).isEqualTo("link runs at 1X EDR (25 Gb/s), can do 4X EDR (100 Gb/s)");
        assertThat(rule.evaluate(sample(3, "4X", "QDR", Map.of()), expectEdr)).isNotNull();
        assertThatThrownBy(() -> LinkCapabilities.parse("4X EDRR")).hasMessageContaining("'EDRR' is neither");
    }

    @Test
    void notActiveMeansNoSmInInitAndACableOnlyAfterHavingBeenActive() {
        PortNotActiveRule rule = new PortNotActiveRule();
        PortRuleState unused = new PortRuleState();
        assertThat(rule.evaluate(unused.observe(view(T0, null, null, PortState.DOWN, Map.of(), Map.of())),
                rule.defaults())).isNull();
        assertThat(rule.evaluate(unused.observe(view(T0.plusSeconds(1), null, null, PortState.INIT, Map.of(), Map.of())),
                rule.defaults()).summary()).contains("no subnet manager");
        assertThat(rule.evaluate(sample(2, "4X", "EDR", Map.of()), rule.defaults())).isNull();
        Finding down = rule.evaluate(state.observe(view(T0.plusSeconds(3), null, null, PortState.DOWN, Map.of(),
                Map.of())), rule.defaults());
        assertThat(down.summary()).contains("went DOWN (physical POLLING)");
    }

    @Test
    void aSaturatedCounterIsReportedWithItsTime() {
        CounterSaturatedRule rule = new CounterSaturatedRule();
        Finding finding = rule.evaluate(state.observe(view(T0, "4X", "EDR", PortState.ACTIVE,
                Map.of("PortRcvErrors", 65535L), Map.of("PortRcvErrors", T0))), rule.defaults());
        assertThat(finding.summary()).startsWith("PortRcvErrors latched at the maximum since " + T0);
    }

    @Test
    void windowsStayBoundedAndForget() {
        IncrementWindow window = new IncrementWindow(Duration.ofMinutes(125));
        long sum = 0;
        for (int second = 0; second < 125 * 60; second++) {
            sum = window.add(T0.plusSeconds(second), 1);
        }
        assertThat(sum).isEqualTo(125 * 60);
        assertThat(window.add(T0.plusSeconds(125 * 60 + 125 * 60), 0)).isZero();
        assertThat(window.isEmpty()).isTrue();
    }
}
