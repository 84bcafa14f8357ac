package io.fabricpulse.server.ports;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PortTableTest {

    private final PortTable<String> table = new PortTable<>();

    @Test
    void keepsAValuePerNumberAcrossChunksAndForgetsOnNull() {
        assertThat(table.get(0)).isNull();
        assertThat(table.get(PortIndex.NONE)).isNull();
        assertThat(table.get(1_000_000)).isNull();
        table.set(0, "a");
        table.set(4_095, "b");
        table.set(4_096, "c");
        table.set(100_000, "d");
        assertThat(table.get(0)).isEqualTo("a");
        assertThat(table.get(4_095)).isEqualTo("b");
        assertThat(table.get(4_096)).isEqualTo("c");
        assertThat(table.get(100_000)).isEqualTo("d");
        assertThat(table.get(99_999)).isNull();
        table.set(4_096, null);
        List<String> all = new ArrayList<>();
        table.forEach(all::add);
        assertThat(all).containsExactly("a", "b", "d");
        assertThatThrownBy(() -> table.set(PortIndex.NONE, "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void computeIfAbsentMakesOnceAndKeepsTheFirst() {
        assertThat(table.computeIfAbsent(7, i -> "made " + i)).isEqualTo("made 7");
        assertThat(table.computeIfAbsent(7, i -> "again")).isEqualTo("made 7");
    }

    @Test
    void noWriteIsLostWhileThreadsGrowTheTable() throws Exception {
        int perThread = 50_000;
        InterleavedWriters.write(perThread, number -> table.set(number, Integer.toString(number)));
        for (int number = 0; number < InterleavedWriters.THREADS * perThread; number++) {
            assertThat(table.get(number)).isEqualTo(Integer.toString(number));
        }
    }
}
