package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The cable history: a row per port end, kept by port; a new peer starts anew; a loss and its end; a baseline replaces all. */
public interface CableHistoryContract extends StateContract {

    String SWITCH = "0x0002c90200410d02";
    String HOST = "0x0002c903003178f0";
    String OTHER = "0x0002c903003178f1";
    Instant T0 = Instant.parse("2026-03-01T12:00:00.123456Z");

    private CableHistoryRepository history() {
        return new CableHistoryRepository(state().client(), state().transaction());
    }

    @Test
    default void bothEndsOfACableAreKeptWithWhenTheyWereFirstAndLastSeen() {
        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0),
                new CableHistoryRow(HOST, 1, SWITCH, 7, T0, T0))).block();
        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0.plusSeconds(3600), T0.plusSeconds(3600)))).block();

        assertThat(history().all().collectList().block()).containsExactly(
                new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0.plusSeconds(3600)),
                new CableHistoryRow(HOST, 1, SWITCH, 7, T0, T0));
    }

    @Test
    default void aPortCabledToAnotherPeerStartsItsHistoryAnew() {
        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0))).block();
        history().save(List.of(new CableHistoryRow(SWITCH, 7, OTHER, 2, T0.plusSeconds(60), T0.plusSeconds(60)))).block();

        assertThat(history().all().collectList().block()).containsExactly(
                new CableHistoryRow(SWITCH, 7, OTHER, 2, T0.plusSeconds(60), T0.plusSeconds(60)));
    }

    @Test
    default void aLossIsKeptWithTheExactLastSightingAndASightingSinceClearsIt() {
        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0))).block();
        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0.plusSeconds(50), T0.plusSeconds(60))))
                .block();
        assertThat(history().all().collectList().block()).containsExactly(
                new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0.plusSeconds(50), T0.plusSeconds(60)));

        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0.plusSeconds(90)))).block();
        assertThat(history().all().collectList().block()).as("back in place").containsExactly(
                new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0.plusSeconds(90)));
    }

    @Test
    default void aSavedBaselineReplacesTheWholeHistory() {
        history().save(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0, T0),
                new CableHistoryRow(SWITCH, 8, OTHER, 1, T0, T0))).block();

        history().replaceAll(List.of(new CableHistoryRow(SWITCH, 7, HOST, 1, T0.plusSeconds(5), T0.plusSeconds(5))))
                .block();

        assertThat(history().all().collectList().block()).containsExactly(
                new CableHistoryRow(SWITCH, 7, HOST, 1, T0.plusSeconds(5), T0.plusSeconds(5)));
    }

    @Test
    default void manyRowsAreSavedInChunks() {
        List<CableHistoryRow> rows = new java.util.ArrayList<>();
        for (int port = 1; port <= 254; port++) {
            rows.add(new CableHistoryRow(SWITCH, port, "0x0002c9030031%04x".formatted(port), 1, T0, T0));
        }
        history().save(rows).block();
        assertThat(history().all().collectList().block()).hasSize(254);
    }
}
