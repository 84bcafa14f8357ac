package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Saved topologies: the newest is the baseline; large dumps come back intact. */
public interface TopologyBaselineContract extends StateContract {

    Instant BASELINE_T0 = Instant.parse("2026-03-01T12:00:00Z");
    String DUMP = """
            vendid=0x2c9
            devid=0xc738
            sysimgguid=0x2c90200410d02
            switchguid=0x2c90200410d02(2c90200410d02)
            Switch\t36 "S-0002c90200410d02"\t\t# "spine-01" base port 0 lid 1 lmc 0
            [1]\t"H-0002c903003178f0"[1](2c903003178f1) \t\t# "node001 HCA-1" lid 17 4xEDR
            """;

    private TopologyBaselineRepository baselines() {
        return new TopologyBaselineRepository(state().client());
    }

    @Test
    default void theNewestBaselineIsInForceAndEachCanBeFound() {
        assertThat(baselines().latest().blockOptional()).isEmpty();
        TopologyBaselineRow first = baselines().save(new TopologyBaselineRow(0, BASELINE_T0, "admin",
                BaselineFormat.IBNETDISCOVER, DUMP)).block();
        TopologyBaselineRow second = baselines().save(new TopologyBaselineRow(0, BASELINE_T0.plusSeconds(3600),
                "operator", BaselineFormat.JSON, "{\"nodes\":[]}")).block();

        assertThat(baselines().latest().block()).isEqualTo(second);
        assertThat(baselines().find(first.id()).block()).isEqualTo(first);
        assertThat(first.content()).isEqualTo(DUMP);
        assertThat(baselines().list(10).collectList().block()).containsExactly(second.summary(), first.summary());
        assertThat(baselines().list(1).collectList().block()).containsExactly(second.summary());
    }

    @Test
    default void aLargeDumpComesBackIntact() {
        // Several MB, like the ibnetdiscover dump of a fabric with thousands of nodes.
        String large = DUMP.repeat(13_000);
        assertThat(large.length()).isGreaterThan(3_000_000);

        TopologyBaselineRow saved = baselines().save(new TopologyBaselineRow(0, BASELINE_T0, "admin",
                BaselineFormat.IBNETDISCOVER, large)).block();

        assertThat(baselines().find(saved.id()).block().content()).isEqualTo(large);
        assertThat(baselines().list(1).blockFirst().length()).isEqualTo(large.length());
    }

    @Test
    default void anEmptyBaselineIsRefused() {
        assertThatThrownBy(() -> new TopologyBaselineRow(0, BASELINE_T0, "admin", BaselineFormat.JSON, " \n"))
                .hasMessageContaining("content is empty");
        assertThatThrownBy(() -> new TopologyBaselineRow(0, BASELINE_T0, "", BaselineFormat.JSON, "{}"))
                .hasMessageContaining("creator is required");
    }
}
