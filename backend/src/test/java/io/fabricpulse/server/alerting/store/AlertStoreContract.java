package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The alerting tables on every database: one open alert per key, history, silences, rule settings. */
public interface AlertStoreContract extends StateContract {

    Instant T0 = Instant.parse("2026-03-01T12:00:00.123456789Z");
    String KEY = "symbol-error-ber|link:0x0000000000000001/1-0x0000000000000002/7";

    private AlertRepository alerts() {
        return new AlertRepository(state().client());
    }

    private static AlertRow newAlert(String key, String severity, String node, Instant firedAt) {
        return new AlertRow(0, key, key.substring(0, key.indexOf('|')), severity, "LINK", node, "0x0000000000000002",
                "pod-a", "SymbolErrorCounter +17", "{\"summary\":\"x\"}", firedAt, null, null, null, null, null, false);
    }

    @Test
    default void onlyOneAlertPerKeyCanBeOpenAndResolvingFreesTheKey() {
        AlertRow first = alerts().open(newAlert(KEY, "WARNING", "0x0000000000000001", T0)).block();

        assertThatThrownBy(() -> alerts().open(newAlert(KEY, "WARNING", "0x0000000000000001", T0.plusSeconds(1)))
                .block()).isInstanceOf(DataIntegrityViolationException.class);
        assertThat(alerts().findOpen(KEY).block().id()).isEqualTo(first.id());
        assertThat(first.firedAt()).isEqualTo(Instant.parse("2026-03-01T12:00:00.123456Z"));

        assertThat(alerts().resolve(first.id(), T0.plusSeconds(60), "system").block()).isTrue();
        assertThat(alerts().resolve(first.id(), T0.plusSeconds(61), "system").block()).isFalse();
        AlertRow second = alerts().open(newAlert(KEY, "WARNING", "0x0000000000000001", T0.plusSeconds(120))).block();
        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(alerts().allOpen().collectList().block()).extracting(AlertRow::id).containsExactly(second.id());
        assertThat(alerts().find(first.id()).block().resolvedBy()).isEqualTo("system");
    }

    @Test
    default void theLastAssertionMovesOnlyForwardAndAnotherReplicasMarksTheAlertShared() {
        AlertRow alert = alerts().open(newAlert(KEY, "WARNING", "0x0000000000000001", T0), "replica-a").block();
        assertThat(alerts().lastAssertions().block()).as("none since the firing")
                .containsEntry(alert.id(), new AlertRepository.Assertion(alert.id(), alert.firedAt(), false));

        assertThat(alerts().asserted(alert.id(), T0.plusSeconds(10), "replica-a").block()).isTrue();
        assertThat(alerts().lastAssertions().block().get(alert.id())).as("the opener alone")
                .isEqualTo(new AlertRepository.Assertion(alert.id(), micros(T0.plusSeconds(10)), false));
        assertThat(alerts().asserted(alert.id(), T0.plusSeconds(5), "replica-b").block()).isTrue();
        assertThat(alerts().lastAssertions().block().get(alert.id())).as("older, but by another replica")
                .isEqualTo(new AlertRepository.Assertion(alert.id(), micros(T0.plusSeconds(10)), true));
        alerts().asserted(alert.id(), T0.plusSeconds(20), "replica-a").block();
        assertThat(alerts().lastAssertions().block().get(alert.id())).as("shared for good")
                .isEqualTo(new AlertRepository.Assertion(alert.id(), micros(T0.plusSeconds(20)), true));

        alerts().resolve(alert.id(), T0.plusSeconds(30), "system").block();
        assertThat(alerts().asserted(alert.id(), T0.plusSeconds(31), "replica-a").block()).isFalse();
        assertThat(alerts().lastAssertions().block()).isEmpty();
    }

    private static Instant micros(Instant time) {
        return time.truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }

    @Test
    default void acknowledgingKeepsWhoWhenAndTheTicketAndNeedsAnOpenAlert() {
        AlertRow alert = alerts().open(newAlert(KEY, "WARNING", "0x0000000000000001", T0)).block();

        assertThat(alerts().acknowledge(alert.id(), T0.plusSeconds(5), "anna", "INC-4711").block()).isTrue();
        AlertRow acked = alerts().find(alert.id()).block();
        assertThat(acked.ackedBy()).isEqualTo("anna");
        assertThat(acked.ticket()).isEqualTo("INC-4711");
        assertThat(acked.ackedAt()).isEqualTo(T0.plusSeconds(5).truncatedTo(java.time.temporal.ChronoUnit.MICROS));

        alerts().resolve(alert.id(), T0.plusSeconds(9), "anna").block();
        assertThat(alerts().acknowledge(alert.id(), T0.plusSeconds(10), "bob", null).block()).isFalse();
        assertThat(alerts().acknowledge(424242, T0, "bob", null).block()).isFalse();
    }

    @Test
    default void historyComesBackOldestFirst() {
        AlertRow alert = alerts().open(newAlert(KEY, "WARNING", "0x0000000000000001", T0)).block();
        alerts().appendEvent(new AlertEventRow(0, alert.id(), T0, "FIRED", "system", "jump")).block();
        alerts().appendEvent(new AlertEventRow(0, alert.id(), T0.plusSeconds(3), "COMMENTED", "anna",
                "reseated\nthe cable")).block();
        alerts().appendEvent(new AlertEventRow(0, alert.id(), T0.plusSeconds(3), "RESOLVED", "anna", null)).block();

        assertThat(alerts().history(alert.id()).collectList().block())
                .extracting(AlertEventRow::kind).containsExactly("FIRED", "COMMENTED", "RESOLVED");
        assertThat(alerts().history(alert.id()).blockFirst().text()).isEqualTo("jump");
    }

    @Test
    default void searchFiltersByEveryFieldAndPagesNewestFirst() {
        for (int i = 0; i < 5; i++) {
            alerts().open(newAlert("rcv-errors|port:0x000000000000000" + (i + 1) + "/1", i % 2 == 0 ? "WARNING" : "CRITICAL",
                    "0x000000000000000" + (i + 1), T0.plusSeconds(i))).block();
        }
        AlertRow resolved = alerts().findOpen("rcv-errors|port:0x0000000000000001/1").block();
        alerts().resolve(resolved.id(), T0.plusSeconds(10), "system").block();
        alerts().acknowledge(alerts().findOpen("rcv-errors|port:0x0000000000000002/1").block().id(), T0, "a", null)
                .block();

        assertThat(alerts().count(AlertFilter.ANY).block()).isEqualTo(5);
        assertThat(alerts().search(AlertFilter.ANY, 1, 2).collectList().block()).extracting(AlertRow::nodeGuid)
                .containsExactly("0x0000000000000004", "0x0000000000000003");
        assertThat(count(new AlertFilter("OPEN", null, null, null, null, null))).isEqualTo(4);
        assertThat(count(new AlertFilter("FIRING", null, null, null, null, null))).isEqualTo(3);
        assertThat(count(new AlertFilter("ACKNOWLEDGED", null, null, null, null, null))).isEqualTo(1);
        assertThat(count(new AlertFilter("RESOLVED", null, null, null, null, null))).isEqualTo(1);
        assertThat(count(new AlertFilter(null, "CRITICAL", null, null, null, null))).isEqualTo(2);
        assertThat(count(new AlertFilter(null, null, "0x0000000000000002", null, null, null))).isEqualTo(5);
        assertThat(count(new AlertFilter(null, null, "0x0000000000000003", null, null, null))).isEqualTo(1);
        assertThat(count(new AlertFilter(null, null, null, "pod-a", "rcv-errors", T0.plusSeconds(3)))).isEqualTo(2);
        assertThat(count(new AlertFilter(null, null, null, "pod-b", null, null))).isZero();
    }

    @Test
    default void aPortFilterFindsThePortAloneAndAtEitherEndOfItsLinksButNoOtherPort() {
        String node = "0x00000000000000a1";
        String far = "0x00000000000000b2";
        List<String> subjects = List.of("port:" + node + "/3", "link:" + node + "/3-" + far + "/7",
                "link:" + far + "/1-" + node + "/3", "link:" + node + "/31-" + far + "/8", "port:" + node + "/13",
                "link:" + far + "/3-" + node + "/4");
        for (int i = 0; i < subjects.size(); i++) {
            alerts().open(newAlert("rule-" + i + "|" + subjects.get(i), "WARNING", node, T0)).block();
        }
        assertThat(count(new AlertFilter(null, null, node, 3, null, null, null))).isEqualTo(3);
        assertThat(count(new AlertFilter(null, null, node, 13, null, null, null))).isEqualTo(1);
        assertThat(count(new AlertFilter(null, null, node, null, null, null, null))).isEqualTo(6);
    }

    private long count(AlertFilter filter) {
        return alerts().search(filter, 0, 100).count().block();
    }

    @Test
    default void silencesAreStoredChangedListedAndDeleted() {
        SilenceRepository silences = new SilenceRepository(state().client());
        SilenceRow node = silences.create(new SilenceRow(0, "NODE", "0x0000000000000001", T0, T0.plusSeconds(3600),
                T0, "anna", "maintenance CHG-1")).block();
        SilenceRow old = silences.create(new SilenceRow(0, "RULE", "xmit-wait", T0.minusSeconds(7200),
                T0.minusSeconds(3600), T0, "anna", "old")).block();

        assertThat(silences.notExpired(T0).collectList().block()).extracting(SilenceRow::id).containsExactly(node.id());
        assertThat(silences.all(10).collectList().block()).extracting(SilenceRow::id).containsExactly(node.id(), old.id());
        SilenceRow changed = silences.update(new SilenceRow(node.id(), "CLUSTER", "pod-a", T0, T0.plusSeconds(60), T0,
                "bob", "shorter")).block();
        assertThat(changed.matchKind()).isEqualTo("CLUSTER");
        assertThat(changed.createdBy()).isEqualTo("anna");
        assertThat(changed.stateAt(T0.minusSeconds(1))).isEqualTo("PENDING");
        assertThat(changed.stateAt(T0)).isEqualTo("ACTIVE");
        assertThat(changed.stateAt(T0.plusSeconds(60))).isEqualTo("EXPIRED");
        assertThat(silences.update(new SilenceRow(999999, "RULE", "x", T0, T0.plusSeconds(1), T0, "a", "c")).block())
                .isNull();
        assertThat(silences.delete(node.id()).block()).isTrue();
        assertThat(silences.delete(node.id()).block()).isFalse();
    }

    @Test
    default void invalidSilencesAreRefusedBeforeTheDatabase() {
        assertThatThrownBy(() -> new SilenceRow(0, "HOST", "x", T0, T0.plusSeconds(1), T0, "a", "c"))
                .hasMessageContaining("not one of NODE, LINK, CLUSTER, RULE");
        assertThatThrownBy(() -> new SilenceRow(0, "NODE", "x", T0, T0, T0, "a", "c"))
                .hasMessageContaining("is not after startsAt");
        assertThat(state().count("alert_silence")).isZero();
    }

    @Test
    default void ruleSettingsAreUpsertedPerRuleAndCluster() {
        RuleSettingRepository settings = new RuleSettingRepository(state().client());
        settings.save(new RuleSettingRow("xmit-wait", "", "{\"threshold\":0.3}", T0, "anna")).block();
        settings.save(new RuleSettingRow("xmit-wait", "pod-a", "{\"threshold\":0.2}", T0, "anna")).block();
        settings.save(new RuleSettingRow("xmit-wait", "", "{\"threshold\":0.4}", T0.plusSeconds(1), "bob")).block();

        List<RuleSettingRow> rows = settings.all().collectList().block();
        assertThat(rows).extracting(RuleSettingRow::cluster).containsExactly("", "pod-a");
        assertThat(rows.getFirst().settings()).isEqualTo("{\"threshold\":0.4}");
        assertThat(rows.getFirst().updatedBy()).isEqualTo("bob");
        assertThat(settings.delete("xmit-wait", "pod-a").block()).isTrue();
        assertThat(settings.delete("xmit-wait", "pod-a").block()).isFalse();
    }
}
