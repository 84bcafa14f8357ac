package io.fabricpulse.server.security.audit;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

public interface AuditLogContract extends StateContract {

    Instant T0 = Instant.parse("2026-03-01T12:00:00.123456789Z");

    private AuditLogRepository audit() {
        return new AuditLogRepository(state().client());
    }

    @Test
    default void anEntryComesBackAsWrittenWithItsIdAndTimeInMicroseconds() {
        AuditEntry stored = audit().append(AuditEntry.of(T0, "admin", "silence.create", "link:0x1/1-0x2/7",
                "ticket INC-4711, \"quoted\" and\nmultiple lines")).block();

        assertThat(stored.id()).isPositive();
        assertThat(stored.occurredAt()).isEqualTo(Instant.parse("2026-03-01T12:00:00.123456Z"));
        assertThat(audit().recent(null, 10).collectList().block()).containsExactly(stored);
    }

    @Test
    default void recentIsNewestFirstLimitedAndFilteredBySince() {
        for (int i = 0; i < 5; i++) {
            audit().append(AuditEntry.of(T0.plusSeconds(i), "op" + i, "alert.ack", "alert:" + i, null)).block();
        }

        List<AuditEntry> newest = audit().recent(null, 3).collectList().block();
        assertThat(newest).extracting(AuditEntry::actor).containsExactly("op4", "op3", "op2");
        assertThat(audit().recent(T0.plusSeconds(3), 10).collectList().block())
                .extracting(AuditEntry::actor).containsExactly("op4", "op3");
        assertThat(newest.getFirst().detail()).isNull();
    }

    @Test
    default void entriesAtTheSameInstantKeepTheirOrder() {
        audit().append(AuditEntry.of(T0, "a", "x.first", "t", null)).block();
        audit().append(AuditEntry.of(T0, "a", "x.second", "t", null)).block();

        assertThat(audit().recent(null, 2).collectList().block())
                .extracting(AuditEntry::action).containsExactly("x.second", "x.first");
    }

    @Test
    default void invalidEntriesAreRefusedBeforeTheDatabase() {
        assertThatThrownBy(() -> AuditEntry.of(T0, " ", "a.b", "t", null)).hasMessageContaining("actor is required");
        assertThatThrownBy(() -> AuditEntry.of(T0, "a", "a.b", "t", "x".repeat(4001)))
                .hasMessageContaining("at most 4000");
        assertThatThrownBy(() -> AuditEntry.of(T0, "a\u0007", "a.b", "t", null)).hasMessageContaining("control character");
        assertThatThrownBy(() -> audit().recent(null, 0).collectList().block()).hasMessageContaining("at least 1");
        assertThat(state().count("audit_log")).isZero();
    }

    @Test
    default void findFiltersByActorActionPrefixTargetAndTimeAndPagesByIdNewestFirst() {
        audit().append(AuditEntry.of(T0, "alice", "alert.ack", "alert:1", "INC-1")).block();
        audit().append(AuditEntry.of(T0.plusSeconds(1), "bob", "alert.resolve", "alert:1", null)).block();
        audit().append(AuditEntry.of(T0.plusSeconds(2), "alice", "api-token.create", "api-token:3", null)).block();
        audit().append(AuditEntry.of(T0.plusSeconds(3), "alice", "alertx_ack", "alert:2", null)).block();

        assertThat(find(new AuditQuery("alice", null, null, null, null, null, 10)))
                .containsExactly("alertx_ack", "api-token.create", "alert.ack");
        assertThat(find(new AuditQuery(null, "alert.", null, null, null, null, 10)))
                .as("a prefix ending in '.' matches only that family; '_' is no wildcard")
                .containsExactly("alert.resolve", "alert.ack");
        assertThat(find(new AuditQuery(null, "alert.ack", "alert:1", null, null, null, 10))).containsExactly("alert.ack");
        assertThat(find(new AuditQuery(null, null, null, T0.plusSeconds(1), T0.plusSeconds(3), null, 10)))
                .containsExactly("api-token.create", "alert.resolve");

        List<AuditEntry> first = audit().find(new AuditQuery(null, null, null, null, null, null, 2)).collectList().block();
        assertThat(first).extracting(AuditEntry::action).containsExactly("alertx_ack", "api-token.create");
        List<AuditEntry> second = audit().find(new AuditQuery(null, null, null, null, null, first.getLast().id(), 2))
                .collectList().block();
        assertThat(second).extracting(AuditEntry::action).containsExactly("alert.resolve", "alert.ack");
    }

    @Test
    default void findTakesHostileFilterTextAsText() {
        audit().append(AuditEntry.of(T0, "alice", "alert.ack", "alert:1", null)).block();

        for (String hostile : List.of("%.", "' OR 1=1 --", "alice' --", "!.", "_lert.")) {
            assertThat(find(new AuditQuery(hostile, null, null, null, null, null, 10))).as(hostile).isEmpty();
            assertThat(find(new AuditQuery(null, hostile, null, null, null, null, 10))).as(hostile).isEmpty();
        }
    }

    private List<String> find(AuditQuery query) {
        return audit().find(query).map(AuditEntry::action).collectList().block();
    }
}
