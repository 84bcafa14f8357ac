package io.fabricpulse.server.ports;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PortIndexTest {

    private final PortIndex index = new PortIndex();

    @Test
    void numbersPortsDenselyInTheOrderFirstAskedAndKeepsThem() {
        assertThat(index.find("0x0000000000000001", 1)).isEqualTo(PortIndex.NONE);
        assertThat(index.of("0x0000000000000001", 1)).isZero();
        assertThat(index.of("0x0000000000000002", 1)).isEqualTo(1);
        assertThat(index.of("0x0000000000000001", 36)).isEqualTo(2);
        assertThat(index.of("0x0000000000000001", 0)).isEqualTo(3);
        assertThat(index.of("0x0000000000000001", 1)).isZero();
        assertThat(index.find("0x0000000000000001", 36)).isEqualTo(2);
        assertThat(index.find("0x0000000000000001", 2)).isEqualTo(PortIndex.NONE);
        assertThat(index.find("0x0000000000000002", 36)).isEqualTo(PortIndex.NONE);
        assertThat(index.find("0x0000000000000003", 1)).isEqualTo(PortIndex.NONE);
        assertThat(index.size()).isEqualTo(4);
    }

    @Test
    void refusesWhatIsNotAPortNumberAndFindsNothingForIt() {
        assertThatThrownBy(() -> index.of("0x0000000000000001", 255)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.of("0x0000000000000001", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(index.find("0x0000000000000001", -1)).isEqualTo(PortIndex.NONE);
        assertThat(index.size()).isZero();
    }

    @Test
    void threadsNumberingTheSamePortsAgreeAndNoNumberIsGivenTwice() throws Exception {
        int nodes = 2_000;
        int ports = 8;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<int[]>> runs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                boolean backwards = t % 2 == 1;
                runs.add(pool.submit(() -> {
                    int[] numbers = new int[nodes * ports];
                    for (int i = 0; i < numbers.length; i++) {
                        int port = backwards ? numbers.length - 1 - i : i;
                        numbers[port] = index.of("0x%016x".formatted(port / ports), port % ports + 1);
                    }
                    return numbers;
                }));
            }
            int[] first = runs.getFirst().get();
            for (Future<int[]> run : runs) {
                assertThat(run.get()).containsExactly(first);
            }
            assertThat(IntStream.of(first).sorted().toArray()).containsExactly(IntStream.range(0, nodes * ports).toArray());
            assertThat(index.size()).isEqualTo(nodes * ports);
        } finally {
            pool.shutdownNow();
        }
    }
}
