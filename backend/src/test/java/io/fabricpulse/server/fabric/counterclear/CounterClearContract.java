package io.fabricpulse.server.fabric.counterclear;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.fabricpulse.model.ingest.PortCounter.LinkDownedCounter;
import static io.fabricpulse.model.ingest.PortCounter.PortXmitData;
import static io.fabricpulse.model.ingest.PortCounter.SymbolErrorCounter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Counter-clear history: written in bulk, read per port or fabric-wide, newest first. */
public interface CounterClearContract extends StateContract {

    Instant CLEARS_T0 = Instant.parse("2026-03-01T12:00:00Z");
    String HOST = "0x0002c903003178f0";
    String SWITCH = "0x0002c90200410d02";

    private CounterClearRepository clears() {
        return new CounterClearRepository(state().client());
    }

    private static CounterClearRow detected(String guid, int port, Instant at, PortCounter... counters) {
        return new CounterClearRow(0, guid, port, List.of(counters), at, at.minusSeconds(10), CounterClearSource.DETECTED,
                "agent:host-1");
    }

    @Test
    default void aPortsClearsComeBackNewestFirstWithEverythingKept() {
        CounterClearRow older = detected(HOST, 1, CLEARS_T0, PortXmitData, SymbolErrorCounter);
        CounterClearRow requested = new CounterClearRow(0, HOST, 1, List.of(LinkDownedCounter),
                CLEARS_T0.plusSeconds(60).plusNanos(999), null, CounterClearSource.REQUESTED, "admin");
        CounterClearRow otherPort = detected(HOST, 2, CLEARS_T0, SymbolErrorCounter);
        CounterClearRow otherNode = detected(SWITCH, 1, CLEARS_T0, SymbolErrorCounter);

        assertThat(clears().insertAll(List.of(older, requested, otherPort, otherNode)).block()).isEqualTo(4);

        List<CounterClearRow> port1 = clears().forPort(HOST, 1, 10).collectList().block();
        assertThat(port1).hasSize(2);
        assertThat(port1.getFirst().source()).isEqualTo(CounterClearSource.REQUESTED);
        assertThat(port1.getFirst().actor()).isEqualTo("admin");
        assertThat(port1.getFirst().previousSampleAt()).isNull();
        assertThat(port1.getFirst().clearedAt()).isEqualTo(CLEARS_T0.plusSeconds(60));
        CounterClearRow back = port1.get(1);
        assertThat(back.id()).isPositive();
        assertThat(back.counters()).as("IBA order").containsExactly(SymbolErrorCounter, PortXmitData);
        assertThat(back.clearedAt()).isEqualTo(CLEARS_T0);
        assertThat(back.previousSampleAt()).isEqualTo(CLEARS_T0.minusSeconds(10));
        assertThat(back.source()).isEqualTo(CounterClearSource.DETECTED);
        assertThat(back.actor()).isEqualTo("agent:host-1");
    }

    @Test
    default void manyRowsAreStoredInSeveralStatementsAndReadFabricWideWithALimit() {
        List<CounterClearRow> rows = new ArrayList<>();
        for (int i = 0; i < 450; i++) {
            rows.add(detected(HOST, i % 256, CLEARS_T0.plusSeconds(i), PortCounter.values()));
        }

        assertThat(clears().insertAll(rows).block()).isEqualTo(450);

        assertThat(state().count("counter_clear")).isEqualTo(450);
        List<CounterClearRow> latest = clears().since(CLEARS_T0.plusSeconds(440), 5).collectList().block();
        assertThat(latest).extracting(CounterClearRow::clearedAt).containsExactly(CLEARS_T0.plusSeconds(449),
                CLEARS_T0.plusSeconds(448), CLEARS_T0.plusSeconds(447), CLEARS_T0.plusSeconds(446),
                CLEARS_T0.plusSeconds(445));
        assertThat(latest.getFirst().counters()).containsExactly(PortCounter.values());
        assertThat(clears().insertAll(List.of()).block()).isZero();
    }

    @Test
    default void invalidRowsAreRefusedBeforeTheDatabase() {
        assertThatThrownBy(() -> detected("0x2C9", 1, CLEARS_T0, SymbolErrorCounter)).hasMessageContaining("'0x2C9'");
        assertThatThrownBy(() -> detected(HOST, 256, CLEARS_T0, SymbolErrorCounter)).hasMessageContaining("port 256");
        assertThatThrownBy(() -> detected(HOST, 1, CLEARS_T0)).hasMessageContaining("no counters");
        assertThatThrownBy(() -> new CounterClearRow(0, HOST, 1, List.of(SymbolErrorCounter), CLEARS_T0, null,
                CounterClearSource.REQUESTED, " ")).hasMessageContaining("actor");
        assertThatThrownBy(() -> clears().forPort(HOST, 1, 0).collectList().block()).hasMessageContaining("at least 1");
    }
}
