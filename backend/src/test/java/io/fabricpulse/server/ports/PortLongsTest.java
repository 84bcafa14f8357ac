package io.fabricpulse.server.ports;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PortLongsTest {

    private final PortLongs table = new PortLongs(2);

    @Test
    void keepsEachPortsLongsApartAcrossChunks() {
        assertThat(table.get(0, 0)).isZero();
        assertThat(table.get(PortIndex.NONE, 1)).isZero();
        assertThat(table.get(1_000_000, 1)).isZero();
        table.set(0, 0, -1);
        table.set(0, 1, Long.MAX_VALUE);
        table.set(4_095, 1, 7);
        table.set(4_096, 0, 8);
        table.set(100_000, 1, 9);
        assertThat(table.get(0, 0)).isEqualTo(-1);
        assertThat(table.get(0, 1)).isEqualTo(Long.MAX_VALUE);
        assertThat(table.get(1, 0)).isZero();
        assertThat(table.get(4_095, 0)).isZero();
        assertThat(table.get(4_095, 1)).isEqualTo(7);
        assertThat(table.get(4_096, 0)).isEqualTo(8);
        assertThat(table.get(100_000, 1)).isEqualTo(9);
        assertThat(table.get(99_999, 1)).isZero();
    }

    @Test
    void refusesWhatIsNotAPortOrNotOneOfItsLongs() {
        assertThatThrownBy(() -> table.get(0, 2)).as("before any chunk is made")
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> table.set(PortIndex.NONE, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.set(0, 2, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> table.get(0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new PortLongs(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void noWriteIsLostWhileThreadsGrowTheTable() throws Exception {
        int perThread = 50_000;
        InterleavedWriters.write(perThread, number -> table.set(number, 1, number + 1L));
        for (int number = 0; number < InterleavedWriters.THREADS * perThread; number++) {
            assertThat(table.get(number, 1)).as("port %d", number).isEqualTo(number + 1L);
        }
    }
}
