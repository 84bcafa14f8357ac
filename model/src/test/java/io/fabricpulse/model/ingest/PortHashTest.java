package io.fabricpulse.model.ingest;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PortHashTest {

    /** The bin HashMap and ConcurrentHashMap put a hash in, in a table of {@code bins} (a power of two). */
    private static int bin(int hash, int bins) {
        return (hash ^ (hash >>> 16)) & (bins - 1);
    }

    @Test
    void portsOfSwitchesWithGuidsInSequenceShareBinsNoMoreThanByChance() {
        // 700 switches of 128 ports and 12,500 hosts of 4, GUIDs handed out in sequence as vendors do: 139,600 ports
        // in a table of 262,144 bins (as HashMap sizes it). Hashed at random, 1 - e^-0.53 = 41 % of them would share
        // their bin with another (PortHash: 43 %); 31 x the GUID's hash + the port put 69 % there (port p of one
        // switch, port p - 31 of the next).
        Map<Integer, Integer> perBin = new HashMap<>();
        int ports = 0;
        for (long node = 0; node < 700 + 12_500; node++) {
            String guid = Guids.format(0x0002c90300000000L + node);
            for (int port = 1; port <= (node < 700 ? 128 : 4); port++) {
                perBin.merge(bin(PortHash.of(guid, port), 1 << 18), 1, Integer::sum);
                ports++;
            }
        }
        long sharing = perBin.values().stream().filter(n -> n > 1).mapToLong(n -> n).sum();

        assertThat((double) sharing / ports).isLessThan(0.45);
    }

    @Test
    void aPortHashesAlikeWhateverSpellsItsGuidTheSame() {
        assertThat(PortHash.of(new String("0x0002c903003178f0"), 7)).isEqualTo(PortHash.of("0x0002c903003178f0", 7));
        assertThat(PortHash.of("0x0002c903003178f0", 7)).isNotEqualTo(PortHash.of("0x0002c903003178f0", 8));
    }

    @Test
    void aPortIsTheSameByItsGuidsTextAndItsNumberNotByTheStringsIdentity() {
        assertThat(PortHash.same(new String("0x0002c903003178f0"), 7, "0x0002c903003178f0", 7)).isTrue();
        assertThat(PortHash.same("0x0002c903003178f0", 7, "0x0002c903003178f0", 8)).isFalse();
        assertThat(PortHash.same("0x0002c903003178f0", 7, "0x0002c903003178f1", 7)).isFalse();
    }
}
