package io.fabricpulse.server.jobs.slurm;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Slurm's hostlists as {@code scontrol show hostnames} expands them, and the ones it would refuse. */
class HostlistTest {

    @Test
    void rangesListsPaddingAndSeveralGroupsExpandAsSlurmDoes() {
        assertThat(Hostlist.expand("n[1-3,7],gpu[08-10]", 100))
                .containsExactly("n1", "n2", "n3", "n7", "gpu08", "gpu09", "gpu10");
        assertThat(Hostlist.expand("host-1-1", 100)).containsExactly("host-1-1");
        assertThat(Hostlist.expand("rack[1-2]-n[1-2].ib", 100))
                .containsExactly("rack1-n1.ib", "rack1-n2.ib", "rack2-n1.ib", "rack2-n2.ib");
        assertThat(Hostlist.expand("", 100)).isEmpty();
        assertThat(Hostlist.expand("a, b", 100)).containsExactly("a", "b");
    }

    @Test
    void malformedAndHugeListsAreRefusedSayingWhere() {
        assertThatThrownBy(() -> Hostlist.expand("n[1-", 100)).hasMessageContaining("'[' without ']'");
        assertThatThrownBy(() -> Hostlist.expand("n1]", 100)).hasMessageContaining("']' without '['");
        assertThatThrownBy(() -> Hostlist.expand("n[3-1]", 100)).hasMessageContaining("runs backwards");
        assertThatThrownBy(() -> Hostlist.expand("n[a-b]", 100)).hasMessageContaining("not a number");
        assertThatThrownBy(() -> Hostlist.expand("n1,,n2", 100)).hasMessageContaining("empty host name");
        assertThatThrownBy(() -> Hostlist.expand("n[1-999999999]", 100_000)).hasMessageContaining("more than 100000");
        assertThatThrownBy(() -> Hostlist.expand("a[1-300]b[1-400]", 100_000)).hasMessageContaining("more than 100000");
    }
}
