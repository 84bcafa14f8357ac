package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortLookup;
import io.fabricpulse.server.fabric.PortView;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LinkDegradedRule}'s shortcut ({@link LinkCapabilities#runsAtTheBestOfAll}) never hides a finding: over
 * links of random capability sets at both ends (enabled, supported, siblings', read over the cable, a far end
 * unknown), every sample the shortcut passes is one the full judgement finds nothing in; and it passes a link running
 * at the best of both ends, or it would save nothing.
 */
class LinkDegradedShortcutTest {

    private final LinkDegradedRule rule = new LinkDegradedRule();
    private static final String FAR_GUID = "0x0002c90300000002";
    private final RuleSettings settings = rule.defaults();

    @Test
    void theEnumsAreDeclaredSlowestFirstAsTheShortcutReadsThem() {
        assertThat(Arrays.asList(LinkWidth.values())).isSortedAccordingTo(Comparator.comparingInt(LinkWidth::lanes));
        assertThat(Arrays.asList(LinkSpeed.values())).isSortedAccordingTo(Comparator.comparingDouble(LinkSpeed::laneGbps));
    }

    @Test
    void whatTheShortcutPassesTheFullJudgementFindsNothingIn() {
        SplittableRandom random = new SplittableRandom(19);
        int passed = 0;
        int findings = 0;
        for (int i = 0; i < 200_000; i++) {
            LinkWidth width = pick(random, LinkWidth.values());
            LinkSpeed speed = pick(random, LinkSpeed.values());
            PortView port = port(random, width, speed);
            PortView far = random.nextInt(4) == 0 ? null : port(random, width, speed);
            boolean shortcut = LinkCapabilities.runsAtTheBestOfAll(port, far == null ? 0 : LinkCapabilities.allBits(far),
                    width, speed);
            PortRef peer = new PortRef(FAR_GUID, 1);
            PortLookup fabric = (guid, number) -> Optional.ofNullable(far);
            var finding = rule.judge(new PortSample(port, null, 0, peer, 0, fabric, null, null, null), settings,
                    width, speed);
            if (shortcut) {
                passed++;
                assertThat(finding).as("a finding behind the shortcut at sample %d", i).isNull();
            }
            if (finding != null) {
                findings++;
            }
        }
        assertThat(passed).as("samples the shortcut passed").isGreaterThan(1_000);
        assertThat(findings).as("samples with a finding: the generator makes degraded links too").isGreaterThan(1_000);
    }

    @Test
    void aLinkRunningAtTheBestOfBothEndsIsPassedAndOneBelowItIsNot() {
        int sets = packed(1 << LinkWidth.X1.ordinal() | 1 << LinkWidth.X4.ordinal(),
                1 << LinkSpeed.SDR.ordinal() | 1 << LinkSpeed.FDR.ordinal() | 1 << LinkSpeed.EDR.ordinal());
        PortView leaf = port(LinkWidth.X4, LinkSpeed.EDR, sets);
        PortView host = port(LinkWidth.X4, LinkSpeed.EDR, sets);
        assertThat(LinkCapabilities.runsAtTheBestOfAll(leaf, LinkCapabilities.allBits(host), LinkWidth.X4, LinkSpeed.EDR)).isTrue();
        assertThat(LinkCapabilities.runsAtTheBestOfAll(leaf, 0, LinkWidth.X4, LinkSpeed.EDR)).isTrue();
        assertThat(LinkCapabilities.runsAtTheBestOfAll(leaf, LinkCapabilities.allBits(host), LinkWidth.X4, LinkSpeed.FDR)).isFalse();
        assertThat(LinkCapabilities.runsAtTheBestOfAll(leaf, LinkCapabilities.allBits(host), LinkWidth.X1, LinkSpeed.EDR)).isFalse();
    }

    private static PortView port(LinkWidth width, LinkSpeed speed, int sets) {
        return port(width, speed, sets, sets, sets, sets);
    }

    /** An active port with these sets in {@link PortView#capabilityBits()}' form. */
    private static PortView port(LinkWidth width, LinkSpeed speed, int enabled, int read, int supported, int siblings) {
        return new PortView("0x0002c90300000001", "n", NodeType.SWITCH, 1, 1, PortState.ACTIVE, PhysicalState.LINK_UP,
                width.label(), speed.name(), null, 0, Map.of(), Map.of(), null, null, null, Map.of(), Instant.EPOCH,
                null, null, CounterWidth.BASIC, enabled, read, supported, siblings, null);
    }

    /** A port running at {@code width} and {@code speed} with random capability sets, some empty (unknown). */
    private static PortView port(SplittableRandom random, LinkWidth width, LinkSpeed speed) {
        int enabled = random.nextInt(3) == 0 ? packed(1 << width.ordinal(), 1 << speed.ordinal()) : bits(random);
        return port(width, speed, enabled, bits(random), bits(random), bits(random));
    }

    private static int bits(SplittableRandom random) {
        return random.nextInt(3) == 0 ? 0 : packed(random.nextInt(1 << LinkWidth.values().length),
                random.nextInt(1 << LinkSpeed.values().length));
    }

    private static int packed(int widths, int speeds) {
        return widths << 16 | speeds;
    }

    private static <E> E pick(SplittableRandom random, E[] values) {
        return values[random.nextInt(values.length)];
    }
}
