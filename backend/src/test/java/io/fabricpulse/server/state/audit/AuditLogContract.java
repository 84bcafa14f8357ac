package io.fabricpulse.server.state.audit;

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
}
