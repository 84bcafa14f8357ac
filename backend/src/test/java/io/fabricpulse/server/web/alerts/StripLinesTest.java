package io.fabricpulse.server.web.alerts;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.web.DisplayFormat;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overview strip's lines: one per cable (a link flap's alerts of both ends and of the link are one line naming
 * both ends and saying how many), placed by the group's worst severity and then by when it began, newest first.
 */
class StripLinesTest {

    private static final String HOST = "0x0002c90300000001";
    private static final String LEAF = "0x0002c90200000002";
    private static final String OTHER = "0x0002c90300000003";
    private static final String CABLE = "link:" + LEAF + "/7-" + HOST + "/1";
    private static final Function<PortRef, PortRef> TOPOLOGY = Map.of(new PortRef(HOST, 1), new PortRef(LEAF, 7),
            new PortRef(LEAF, 7), new PortRef(HOST, 1))::get;
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final DisplayFormat UTC = new DisplayFormat(ZoneOffset.UTC);
    private static final AlertEnd HOST_END = new AlertEnd(HOST, "rac1001 HCA-1", NodeType.CA, 1, 4, true);
    private static final AlertEnd LEAF_END = new AlertEnd(LEAF, "MF0;leaf07:SB7800/U1", NodeType.SWITCH, 7, 2, false);
    private static final AlertEnd OTHER_END = new AlertEnd(OTHER, "rac1002 HCA-1", NodeType.CA, 1, 5, true);

    @Test
    void aLinkFlapsThreeAlertsAreOneLineNamingBothEndsAndHowMany() {
        // As the list reads them, worst first: the link's flap, then each end's port down (one end's far end unknown
        // when it went down: its subject is the port, which the topology puts on the cable).
        List<AlertView> firing = List.of(
                alert(3, "link-flap", Severity.CRITICAL, CABLE, minutesAgo(2), HOST_END, LEAF_END),
                alert(2, "port-not-active", Severity.WARNING, "port:" + HOST + "/1", minutesAgo(5), HOST_END),
                alert(1, "port-not-active", Severity.WARNING, "port:" + LEAF + "/7", minutesAgo(5), LEAF_END));

        List<StripLine> lines = lines(firing);

        assertThat(lines).hasSize(1);
        StripLine line = lines.getFirst();
        assertThat(line.key()).isEqualTo(CABLE);
        assertThat(line.severity()).isEqualTo("critical");
        assertThat(line.alerts()).isEqualTo(3);
        assertThat(line.count()).isEqualTo("3 alerts");
        assertThat(line.countShort()).isEqualTo("×3");
        assertThat(line.rules()).isEqualTo("link-flap, port-not-active");
        assertThat(line.ends()).extracting(AlertLine.End::name, AlertLine.End::port)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("rac1001", "[1]"),
                        org.assertj.core.groups.Tuple.tuple("leaf07", "[7]"));
        assertThat(line.ends()).extracting(AlertLine.End::label).containsExactly("rac1001 HCA-1[1]", "MF0;leaf07:SB7800/U1[7]");
        assertThat(line.id()).as("the worst member").isEqualTo(3);
        assertThat(line.href()).isEqualTo("/alerts/3");
        assertThat(line.summary()).isEqualTo("link-flap on the cable");
        assertThat(line.listHref()).isEqualTo("/alerts?state=firing&node=" + HOST + "&port=1");
        assertThat(line.firedAtIso()).as("the group began with its earliest member").isEqualTo("2026-03-01T11:55:00Z");
        assertThat(line.age()).isEqualTo("5 min ago");
    }

    @Test
    void groupsArePlacedByTheirWorstSeverityThenByWhenTheyBeganNewestFirst() {
        List<AlertView> firing = List.of(
                // The list's order: critical before warning, newest first within a severity.
                alert(10, "symbol-error-burst", Severity.CRITICAL, CABLE, minutesAgo(1), HOST_END, LEAF_END),
                alert(11, "node-unreachable", Severity.CRITICAL, "node:" + OTHER, minutesAgo(3), OTHER_END),
                alert(12, "fabric-sm-changed", Severity.WARNING, "fabric:sm", minutesAgo(1)),
                // The cable's quieter member fired first: the cable's problem began 30 minutes ago.
                alert(13, "symbol-error-ber", Severity.WARNING, CABLE, minutesAgo(30), HOST_END, LEAF_END),
                alert(14, "rcv-errors", Severity.INFO, "port:" + OTHER + "/1", minutesAgo(2), OTHER_END));

        List<StripLine> lines = lines(firing);

        assertThat(lines).extracting(StripLine::key)
                .as("critical groups first, the one that began later first; then warning; then info")
                .containsExactly("node:" + OTHER, CABLE, "fabric:sm", "port:" + OTHER + "/1");
        assertThat(lines).extracting(StripLine::alerts).containsExactly(1, 2, 1, 1);
        assertThat(lines).extracting(StripLine::count).containsExactly("", "2 alerts", "", "");
        assertThat(lines).extracting(StripLine::countShort).containsExactly("", "×2", "", "");
        assertThat(lines.get(0).listHref()).as("an alert alone: its summary is the link").isNull();
        assertThat(lines.get(0).href()).isEqualTo("/alerts/11");
        assertThat(lines.get(2).ends()).as("a fabric-wide alert names no end").isEmpty();
    }

    @Test
    void andMoreCountsTheAlertsTheLinesLeaveOut() {
        assertThat(LiveAlerts.more(0)).isNull();
        assertThat(LiveAlerts.more(1)).isEqualTo("and 1 more alert");
        assertThat(LiveAlerts.more(1234)).isEqualTo("and 1,234 more alerts");
    }

    private static List<StripLine> lines(List<AlertView> firing) {
        return AlertGroups.fold(firing, TOPOLOGY, UTC, NOW).stream().map(StripLine::of).toList();
    }

    private static Instant minutesAgo(int minutes) {
        return NOW.minusSeconds(60L * minutes);
    }

    private static AlertView alert(long id, String rule, Severity severity, String subject, Instant firedAt,
                                   AlertEnd... ends) {
        return new AlertView(id, rule, severity, AlertScope.PORT, subject, "FIRING", rule + " on the cable", null,
                ends.length == 0 ? null : ends[0].nodeGuid(), null, firedAt, null, null, null, null, null, false, false,
                new AlertContext(rule + " on the cable", "c", 1, 1, "", List.of(ends), List.of(), false));
    }
}
