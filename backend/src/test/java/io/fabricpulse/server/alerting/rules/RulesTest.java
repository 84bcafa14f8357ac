package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.DerivedRates;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
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
                portState == PortState.DOWN ? PhysicalState.POLLING : PhysicalState.LINK_UP, width, speed,
                "0x0000000000000002", 7, counters, Map.of(), null, null, DerivedRates.NONE, saturated, at);
    }

    private PortSample sample(int second, String width, String speed, Map<String, Long> counters) {
        return state.observe(view(T0.plusSeconds(second), width, speed, PortState.ACTIVE, counters, Map.of()), null, null, null);
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
    void theRulesCountErrorsAndXmitWaitAndRefuseToCountTraffic() {
        sample(0, "4X", "EDR", Map.of("SymbolErrorCounter", 1L, "PortXmitWait", 100L, "PortXmitData", 1_000L));
        PortSample next = sample(1, "4X", "EDR",
                Map.of("SymbolErrorCounter", 4L, "PortXmitWait", 350L, "PortXmitData", 9_000L));
        assertThat(next.increment(PortCounter.SymbolErrorCounter)).isEqualTo(3);
        assertThat(next.increment(PortCounter.PortXmitWait)).isEqualTo(250);
        assertThat(next.increment(PortCounter.LinkDownedCounter)).isZero();
        // The state keeps no traffic counter (64 bytes of every busy port): a rule asking for one fails loudly.
        assertThatThrownBy(() -> next.increment(PortCounter.PortXmitData))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PortXmitData");
    }

    @Test
    void aPortKeepsEachWindowByNameAloneOrBesideOthersAndForgetsAnEmptyOne() {
        Duration minute = Duration.ofMinutes(1);
        assertThat(state.window("a", minute, false, false)).isNull();
        IncrementWindow a = state.window("a", minute, false, true);
        a.add(T0, 5);
        IncrementWindow b = state.window("b", minute, true, true);
        b.add(T0, 1, 10);
        IncrementWindow c = state.window("c", minute, false, true);
        c.add(T0, 7);
        assertThat(state.window("a", minute, false, false)).isSameAs(a);
        assertThat(state.window("b", minute, true, false)).isSameAs(b);
        assertThat(state.window("c", minute, false, false)).isSameAs(c);
        // Two minutes on, "a" is empty and goes; the others stay where they were found.
        a.add(T0.plusSeconds(120), 0);
        state.dropIfEmpty(a);
        assertThat(state.window("a", minute, false, false)).isNull();
        assertThat(state.window("b", minute, true, false)).isSameAs(b);
        assertThat(state.window("c", minute, false, false)).isSameAs(c);
        // A changed span starts the window afresh; asking without creating finds none of the new span.
        assertThat(state.window("c", Duration.ofMinutes(5), false, false)).isNull();
        IncrementWindow longer = state.window("c", Duration.ofMinutes(5), false, true);
        assertThat(longer).isNotSameAs(c);
        assertThat(longer.sum()).isZero();
        assertThat(state.window("c", Duration.ofMinutes(5), false, false)).isSameAs(longer);
        assertThat(state.window("b", minute, true, false)).isSameAs(b);
        c.add(T0.plusSeconds(120), 0);
        b.add(T0.plusSeconds(120), 0, 0);
        state.dropIfEmpty(b);
        assertThat(state.window("b", minute, true, false)).isNull();
        assertThat(state.window("c", Duration.ofMinutes(5), false, false)).isSameAs(longer);
    }

    @Test
    void berJudgesNoLinkWithoutSpeedAndCountsNeitherFirstSightNorAClear() {
        SymbolErrorBerRule rule = new SymbolErrorBerRule();
        assertThat(rule.evaluate(sample(0, null, null, Map.of("SymbolErrorCounter", 50L)), rule.defaults())).isNull();
        assertThat(rule.evaluate(sample(1, null, null, Map.of("SymbolErrorCounter", 90L)), rule.defaults())).isNull();
        PortRuleState fresh = new PortRuleState();
        PortView seen = view(T0, "4X", "EDR", PortState.ACTIVE, Map.of("SymbolErrorCounter", 5000L), Map.of());
        assertThat(rule.evaluate(fresh.observe(seen, null, null, null), rule.defaults())).isNull();
        PortView cleared = view(T0.plusSeconds(1), "4X", "EDR", PortState.ACTIVE, Map.of("SymbolErrorCounter", 0L),
                Map.of());
        assertThat(rule.evaluate(fresh.observe(cleared, null, null, null), rule.defaults())).isNull();
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
    void xmitWaitIsAShareOfTimeWhereTheTickIsKnown() {
        XmitWaitShareRule rule = new XmitWaitShareRule();
        PortRuleState port = new PortRuleState();
        // 5 % of every 10 s interval stalled: below the 10 % limit; then 30 %: the minute's share climbs past it.
        for (int i = 0; i <= 6; i++) {
            assertThat(rule.evaluate(port.observe(waiting(i * 10, i * 1000L, 0.05), null, null, null), rule.defaults()))
                    .as("interval %d", i).isNull();
        }
        Finding finding = null;
        for (int i = 7; i <= 9; i++) {
            finding = rule.evaluate(port.observe(waiting(i * 10, i * 1000L, 0.30), null, null, null), rule.defaults());
        }
        assertThat(finding).isNotNull();
        assertThat(finding.unit()).isEqualTo("share");
        assertThat(finding.value()).as("(3 x 30 %% + 3 x 5 %%) of the last minute").isCloseTo(0.175,
                org.assertj.core.data.Offset.offset(0.02));
        assertThat(finding.summary()).contains("of the last 1m");
    }

    @Test
    void xmitWaitWithoutAKnownTickIsHeldToTicksPerSecondAndClaimsNoShare() {
        XmitWaitShareRule rule = new XmitWaitShareRule();
        PortRuleState port = new PortRuleState();
        assertThat(rule.evaluate(port.observe(waiting(0, 0, null), null, null, null), rule.defaults())).isNull();
        assertThat(rule.evaluate(port.observe(waiting(10, 5_000_000, null), null, null, null), rule.defaults()))
                .as("500,000 ticks/s: below 1,000,000").isNull();
        Finding finding = rule.evaluate(port.observe(waiting(20, 35_000_000, null), null, null, null), rule.defaults());
        assertThat(finding).isNotNull();
        assertThat(finding.unit()).isEqualTo("ticks/s");
        assertThat(finding.value()).isCloseTo(1_750_000, org.assertj.core.data.Offset.offset(1.0));
        assertThat(finding.summary()).contains("no share of time is claimed");
    }

    /** A port at {@code second} with PortXmitWait {@code ticks}, stalled {@code share} of its last interval (null: tick unknown). */
    private static PortView waiting(int second, long ticks, Double share) {
        DerivedRates derived = new DerivedRates(100e9, null, null, null, null, null, null, share, null);
        return new PortView("0x0000000000000001", "h1", NodeType.SWITCH, 3, 4, PortState.ACTIVE, PhysicalState.LINK_UP,
                "4X", "EDR", "0x0000000000000002", 7, Map.of("PortXmitWait", ticks), Map.of(), null, null, derived,
                Map.of(), T0.plusSeconds(second));
    }

    @Test
    void aLinkBelowWhatBothEndsSupportAndEnableIsDegradedOnFirstSight() {
        LinkDegradedRule rule = new LinkDegradedRule();
        PortCapability fourX = new PortCapability(EnumSet.of(LinkWidth.X1, LinkWidth.X4),
                EnumSet.of(LinkSpeed.SDR, LinkSpeed.QDR, LinkSpeed.FDR, LinkSpeed.EDR));
        PortCapability oneX = new PortCapability(EnumSet.of(LinkWidth.X1), EnumSet.of(LinkSpeed.SDR, LinkSpeed.EDR));
        Finding narrow = rule.evaluate(new PortRuleState().observe(capable(0, "1X", "EDR", fourX, fourX), null, null, null),
                rule.defaults());
        assertThat(narrow.summary()).isEqualTo("link runs at 1X EDR (25 Gb/s), can do 4X EDR (100 Gb/s)");
        assertThat(rule.evaluate(new PortRuleState().observe(capable(0, "1X", "EDR", fourX, oneX), null, null, null),
                rule.defaults())).as("the far end enables 1X only: the best both can do").isNull();
        assertThat(rule.evaluate(new PortRuleState().observe(capable(0, "4X", "QDR", fourX, fourX), null, null, null),
                rule.defaults()).summary()).contains("can do 4X EDR");
        assertThat(rule.evaluate(new PortRuleState().observe(capable(0, "1X", "EDR", fourX, PortCapability.UNKNOWN),
                null, null, null), rule.defaults())).as("far end's capability unknown (sysfs): not judged").isNull();
    }

    @Test
    void theExpectedSettingOverridesTheCapabilityPerCluster() {
        LinkDegradedRule rule = new LinkDegradedRule();
        RuleSettings expectEdr = settings(rule, new RuleSettings(null, null, null, null, null, null, null, "4X EDR"));
        assertThat(rule.evaluate(sample(0, "4X", "EDR", Map.of()), rule.defaults())).as("capability unknown").isNull();
        assertThat(rule.evaluate(sample(1, "4X", "EDR", Map.of()), expectEdr)).isNull();
        Finding narrow = rule.evaluate(sample(2, "1X", "EDR", Map.of()), expectEdr);
        assertThat(narrow.summary()).isEqualTo("link runs at 1X EDR (25 Gb/s), can do 4X EDR (100 Gb/s)");
        assertThat(rule.evaluate(sample(3, "4X", "QDR", Map.of()), expectEdr)).isNotNull();
        assertThatThrownBy(() -> LinkCapabilities.parse("4X EDRR")).hasMessageContaining("'EDRR' is neither");
    }

    /** An Active port whose capability and whose far end's (as its agent read it) are given. */
    private static PortView capable(int second, String width, String speed, PortCapability mine, PortCapability far) {
        return new PortView("0x0000000000000001", "h1", NodeType.CA, 1, 4, PortState.ACTIVE, PhysicalState.LINK_UP,
                width, speed, "0x0000000000000002", 7, Map.of(), Map.of(), null, null, DerivedRates.NONE, Map.of(),
                T0.plusSeconds(second), "InfiniBand", null, CounterWidth.BASIC, PortView.bits(mine), PortView.bits(far),
                0, 0, null);
    }

    @Test
    void initOnAPhysicallyUpPortAlertsOnFirstSight() {
        PortNotActiveRule rule = new PortNotActiveRule();
        Finding init = rule.evaluate(new PortRuleState().observe(view(T0, null, null, PortState.INIT, Map.of(), Map.of()),
                null, null, null), rule.defaults());
        assertThat(init).as("no history needed").isNotNull();
        assertThat(init.summary()).contains("no subnet manager");
        assertThat(rule.evaluate(new PortRuleState().observe(view(T0, "4X", "EDR", PortState.ACTIVE, Map.of(), Map.of()),
                null, null, null), rule.defaults())).isNull();
    }

    @Test
    void downOrDisabledAlertsOnlyWhereTheHistorySaysACableBelongs() {
        PortNotActiveRule rule = new PortNotActiveRule();
        PortRef peer = new PortRef("0x0000000000000002", 7);
        assertThat(rule.evaluate(new PortRuleState().observe(view(T0, null, null, PortState.DOWN, Map.of(), Map.of()),
                null, null, null), rule.defaults())).as("an empty port").isNull();
        Finding lost = rule.evaluate(new PortRuleState().observe(view(T0, null, null, PortState.DOWN, Map.of(), Map.of()),
                peer, null, null), rule.defaults());
        assertThat(lost.summary()).contains("DOWN (physical POLLING)").contains(peer.toString());
        PortView disabled = new PortView("0x0000000000000001", "h1", NodeType.SWITCH, 1, 4, PortState.ACTIVE,
                PhysicalState.DISABLED, null, null, null, 0, Map.of(), Map.of(), null, null, DerivedRates.NONE, Map.of(), T0);
        assertThat(rule.evaluate(new PortRuleState().observe(disabled, null, null, null), rule.defaults()))
                .as("disabled on purpose, for all we know").isNull();
        PortSample known = new PortRuleState().observe(disabled, peer, null, null);
        assertThat(rule.evaluate(known, rule.defaults()).summary()).contains("DISABLED");
        assertThat(known.peer()).as("the alert is the link's, one for both ends").isEqualTo(peer);
        PortView unknown = new PortView("0x0000000000000001", "h1", NodeType.CA, 1, 4, null, null, null, null, null, 0,
                Map.of(), Map.of(), null, null, DerivedRates.NONE, Map.of(), T0);
        assertThat(rule.evaluate(new PortRuleState().observe(unknown, peer, null, null), rule.defaults()))
                .as("reserved states: not judged").isNull();
    }

    @Test
    void ethernetPortsAreNeverJudgedByInfiniBandRules() {
        PortView roce = new PortView("0x0000000000000001", "h1", NodeType.CA, 1, 0, PortState.ACTIVE,
                PhysicalState.LINK_UP, null, null, null, 0, Map.of(), Map.of(), null, null, DerivedRates.NONE, Map.of(),
                T0, "Ethernet", 25.0, CounterWidth.BASIC, 0, 0, 0, 0, null);
        assertThat(new PortNotActiveRule().appliesTo(roce)).isFalse();
        assertThat(new LinkDegradedRule().appliesTo(roce)).isFalse();
        assertThat(new SymbolErrorBerRule().appliesTo(roce)).isFalse();
        assertThat(new SymbolErrorBurstRule().appliesTo(roce)).isFalse();
        assertThat(new XmitWaitShareRule().appliesTo(roce)).as("counters and rates stay").isTrue();
        assertThat(CounterIncreaseRule.ibqueryerrorsList()).allMatch(r -> r.appliesTo(roce));
    }

    @Test
    void aSaturatedCounterIsReportedWithItsTime() {
        CounterSaturatedRule rule = new CounterSaturatedRule();
        Finding finding = rule.evaluate(state.observe(view(T0, "4X", "EDR", PortState.ACTIVE,
                Map.of("PortRcvErrors", 65535L), Map.of("PortRcvErrors", T0)), null, null, null), rule.defaults());
        assertThat(finding.summary()).startsWith("PortRcvErrors latched at the maximum since " + T0);
    }

    @Test
    void windowsStayBoundedAndForget() {
        IncrementWindow window = new IncrementWindow("test", Duration.ofMinutes(125));
        long sum = 0;
        for (int second = 0; second < 125 * 60; second++) {
            sum = window.add(T0.plusSeconds(second), 1);
        }
        assertThat(sum).isEqualTo(125 * 60);
        assertThat(window.add(T0.plusSeconds(125 * 60 + 125 * 60), 0)).isZero();
        assertThat(window.isEmpty()).isTrue();
    }

    @Test
    void aWindowsRingHasRoomForTheSlotsItHoldsAndNotMuchMore() {
        // XmitWait's 1 min ratio window polled every 10 s (a few ms late or early) holds 6 or 7 slots.
        IncrementWindow polled = IncrementWindow.ratio("test", Duration.ofMinutes(1));
        for (int poll = 0; poll < 100; poll++) {
            polled.add(T0.plusMillis(10_000L * poll + (poll % 4) * 5 - 7), 5, 10_000);
        }
        assertThat(polled.capacity()).isEqualTo(7); // a doubled ring had 8
        // Polled every 30 s it holds two or three slots: room for three (a ring made with room for four kept four).
        IncrementWindow slower = IncrementWindow.ratio("test", Duration.ofMinutes(1));
        for (int poll = 0; poll < 20; poll++) {
            slower.add(T0.plusMillis(30_000L * poll + (poll % 4) * 5 - 7), 5, 30_000);
        }
        assertThat(slower.capacity()).isEqualTo(3);
        // Every second for 125 minutes: a counting window's slots, 256 and two, and no more.
        IncrementWindow busy = new IncrementWindow("test", Duration.ofMinutes(125));
        for (int second = 0; second < 125 * 60; second++) {
            busy.add(T0.plusSeconds(second), 1);
        }
        assertThat(busy.capacity()).isEqualTo(IncrementWindow.SLOTS + 2);
    }

    @Test
    void aRatioWindowSumsPartAndWholeOverTheSameSlotsAtMostOneSlotShortOfItsSpan() {
        // A 64 s ratio window: 16 slots of 4 s. Samples 1 s apart, then sparser; each sum lies between what the
        // last 60 s and the last 64 s hold (a slot leaves whole), for the part and the whole alike.
        IncrementWindow window = IncrementWindow.ratio("test", Duration.ofSeconds(64));
        java.util.List<long[]> added = new java.util.ArrayList<>();
        java.util.Random random = new java.util.Random(7);
        long second = 0;
        for (int step = 0; step < 2_000; step++) {
            second += step < 1_000 ? 1 : 1 + random.nextInt(30);
            long part = random.nextInt(3);
            long whole = 1_000;
            window.add(T0.plusSeconds(second), part, whole);
            added.add(new long[]{second, part, whole});
            long now = second;
            for (int amount = 1; amount <= 2; amount++) {
                int a = amount;
                long inSpan = added.stream().filter(s -> s[0] > now - 64).mapToLong(s -> s[a]).sum();
                long slotShort = added.stream().filter(s -> s[0] > now - 60).mapToLong(s -> s[a]).sum();
                assertThat(a == 1 ? window.sum() : window.wholeSum()).as("amount %d at %d s", a, second)
                        .isBetween(slotShort, inSpan);
            }
        }
        long last = second;
        assertThat(window.add(T0.plusSeconds(last + 65), 0, 0)).isZero();
        assertThat(window.isEmpty()).isTrue();
        assertThatThrownBy(() -> window.add(T0.plusSeconds(last + 66), 1))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aDayLongRatioWindowKeepsItsSumsForMonthsAsItsOriginMovesOn() {
        // Slot times count from an origin in 32 bits; 90 days of an hourly sample (part up to 1e12 ticks, whole
        // 3,600,000 ms) cross it several times, and every sum stays between what the last day holds and what the
        // last 22.5 h hold (16 slots of 1.5 h: a slot leaves whole).
        IncrementWindow window = IncrementWindow.ratio("test", Duration.ofDays(1));
        java.util.List<long[]> added = new java.util.ArrayList<>();
        java.util.Random random = new java.util.Random(23);
        for (long hour = 0; hour < 90 * 24; hour += 1 + random.nextInt(3)) {
            long part = (long) (random.nextDouble() * 1e12);
            long sum = window.add(T0.plusSeconds(hour * 3_600), part, 3_600_000);
            added.add(new long[]{hour, part, 3_600_000});
            long now = hour;
            for (int amount = 1; amount <= 2; amount++) {
                int a = amount;
                long inSpan = added.stream().filter(s -> s[0] > now - 24).mapToLong(s -> s[a]).sum();
                long slotShort = added.stream().filter(s -> s[0] * 2 > now * 2 - 45).mapToLong(s -> s[a]).sum();
                assertThat(a == 1 ? sum : window.wholeSum()).as("amount %d at hour %d", a, hour)
                        .isBetween(slotShort, inSpan);
            }
        }
        assertThatThrownBy(() -> IncrementWindow.ratio("test", Duration.ofDays(25))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWindowSumsExactlyWhatIsInsideItAsItsSlotsWrapAroundAndGrow() {
        // A 256 s window: slots of 1 s. Bursts at uneven times; each sum is checked against the increments
        // newer than the window's start, while the ring wraps (slots expire) and grows (more slots live).
        IncrementWindow window = new IncrementWindow("test", Duration.ofSeconds(256));
        java.util.List<long[]> added = new java.util.ArrayList<>();
        java.util.Random random = new java.util.Random(19);
        long second = 0;
        for (int step = 0; step < 3_000; step++) {
            second += 1 + random.nextInt(step < 1_000 ? 3 : 40);
            long amount = random.nextInt(4);
            long sum = window.add(T0.plusSeconds(second), amount);
            if (amount > 0) {
                added.add(new long[]{second, amount});
            }
            long now = second;
            long expected = added.stream().filter(a -> a[0] > now - 256).mapToLong(a -> a[1]).sum();
            assertThat(sum).as("at %d s", second).isEqualTo(expected);
        }
    }
}
