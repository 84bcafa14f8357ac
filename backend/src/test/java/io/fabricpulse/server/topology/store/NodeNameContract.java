package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Node names: one per GUID, replaced per source as a whole. */
public interface NodeNameContract extends StateContract {

    Instant NAMES_T0 = Instant.parse("2026-03-01T12:00:00Z");
    String SPINE = "0x0002c90200410d02";
    String HOST = "0x0002c903003178f0";

    private NodeNameRepository names() {
        return new NodeNameRepository(state().client(), state().transaction());
    }

    private static String guid(int i) {
        return String.format("0x%016x", 0x0002c90300000000L + i);
    }

    @Test
    default void aNameIsAddedReplacedAndDeleted() {
        names().put(new NodeNameRow(SPINE, "spine-01", "api", NAMES_T0)).block();
        names().put(new NodeNameRow(SPINE, "Spine 1 — Zürich 交换机 \"A\"", "node-name-map", NAMES_T0.plusSeconds(1))).block();

        assertThat(names().find(SPINE).block())
                .isEqualTo(new NodeNameRow(SPINE, "Spine 1 — Zürich 交换机 \"A\"", "node-name-map", NAMES_T0.plusSeconds(1)));
        assertThat(names().delete(SPINE).block()).isTrue();
        assertThat(names().delete(SPINE).block()).isFalse();
        assertThat(names().find(SPINE).blockOptional()).isEmpty();
    }

    @Test
    default void replacingASourceKeepsOtherSourcesAndTakesOverTheGuidsItNames() {
        names().put(new NodeNameRow(SPINE, "from the api", "api", NAMES_T0)).block();
        names().put(new NodeNameRow(HOST, "old map entry", "node-name-map", NAMES_T0)).block();
        names().put(new NodeNameRow(guid(1), "kept by the api", "api", NAMES_T0)).block();

        long count = names().replaceSource("node-name-map", List.of(
                new NodeNameRow(SPINE, "spine-01", "node-name-map", NAMES_T0.plusSeconds(5)))).block();

        assertThat(count).isEqualTo(1);
        assertThat(names().all().collectList().block()).containsExactly(
                new NodeNameRow(SPINE, "spine-01", "node-name-map", NAMES_T0.plusSeconds(5)),
                new NodeNameRow(guid(1), "kept by the api", "api", NAMES_T0));
    }

    @Test
    default void aLargeImportIsAppliedWhole() {
        List<NodeNameRow> rows = new ArrayList<>();
        for (int i = 0; i < 650; i++) {
            rows.add(new NodeNameRow(guid(i), "node" + i, "node-name-map", NAMES_T0));
        }

        assertThat(names().replaceSource("node-name-map", rows).block()).isEqualTo(650);

        assertThat(state().count("node_name")).isEqualTo(650);
        assertThat(names().find(guid(649)).block().name()).isEqualTo("node649");
    }

    @Test
    default void aBadImportChangesNothing() {
        names().put(new NodeNameRow(HOST, "before", "node-name-map", NAMES_T0)).block();

        assertThatThrownBy(() -> names().replaceSource("node-name-map", List.of(
                new NodeNameRow(SPINE, "a", "node-name-map", NAMES_T0),
                new NodeNameRow(SPINE, "b", "node-name-map", NAMES_T0))).block())
                .hasMessage("node " + SPINE + " is named twice");
        assertThatThrownBy(() -> names().replaceSource("node-name-map", List.of(
                new NodeNameRow(SPINE, "a", "api", NAMES_T0))).block())
                .hasMessageContaining("is from 'api', not from 'node-name-map'");

        assertThat(names().all().collectList().block()).containsExactly(
                new NodeNameRow(HOST, "before", "node-name-map", NAMES_T0));
    }

    @Test
    default void invalidNamesAreRefused() {
        assertThatThrownBy(() -> new NodeNameRow("0002c903003178f0", "x", "api", NAMES_T0)).hasMessageContaining("GUID");
        assertThatThrownBy(() -> new NodeNameRow(SPINE, "", "api", NAMES_T0)).hasMessageContaining("is required");
        assertThatThrownBy(() -> new NodeNameRow(SPINE, "a\tb", "api", NAMES_T0)).hasMessageContaining("control character");
        assertThatThrownBy(() -> new NodeNameRow(SPINE, "n".repeat(201), "api", NAMES_T0)).hasMessageContaining("at most 200");
    }
}
