package io.fabricpulse.server.sm.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The subnet managers: a row per SM GUID, its last answer, its first sighting kept, the latest seen first. */
public interface SubnetManagerContract extends StateContract {

    String MASTER = "0x0002c903003178f0";
    String STANDBY = "0x0002c903003178f1";
    Instant T0 = Instant.parse("2026-03-01T12:00:00.654321Z");

    private SubnetManagerRepository managers() {
        return new SubnetManagerRepository(state().client());
    }

    @Test
    default void theLastAnswerIsKeptWithTheFirstSighting() {
        managers().save(List.of(new SubnetManagerRow(MASTER, 1, 15, "MASTER", 4_000_000_000L, T0, T0),
                new SubnetManagerRow(STANDBY, 4, 5, "STANDBY", 7, T0, T0))).block();
        managers().save(List.of(new SubnetManagerRow(STANDBY, 9, 5, "MASTER", 10, T0.plusSeconds(60),
                T0.plusSeconds(60)))).block();

        assertThat(managers().all().collectList().block()).containsExactly(
                new SubnetManagerRow(STANDBY, 9, 5, "MASTER", 10, T0, T0.plusSeconds(60)),
                new SubnetManagerRow(MASTER, 1, 15, "MASTER", 4_000_000_000L, T0, T0));
    }

    @Test
    default void aReservedStateIsStoredAsNoState() {
        managers().save(List.of(new SubnetManagerRow(MASTER, 1, 0, null, 0, T0, T0))).block();

        assertThat(managers().all().collectList().block()).singleElement()
                .satisfies(row -> assertThat(row.state()).isNull());
    }
}
