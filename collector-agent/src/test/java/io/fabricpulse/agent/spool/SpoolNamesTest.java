package io.fabricpulse.agent.spool;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpoolNamesTest {

    private final SpoolNames names = new SpoolNames("gpu-node-017");

    @Test
    void batchFilesSortByNameAsTheirSequencesDo() {
        assertThat(names.batchFile(1_748_779_200_001L)).isEqualTo("gpu-node-017.0000001748779200001.batch");
        assertThat(names.batchFile(9)).isLessThan(names.batchFile(10));
        assertThat(names.batchFile(Long.MAX_VALUE)).isEqualTo("gpu-node-017.9223372036854775807.batch");
        assertThatThrownBy(() -> names.batchFile(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void recognisesItsOwnFilesOnly() {
        assertThat(names.ownBatch("gpu-node-017.0000000000000000042.batch")).hasValue(42);
        assertThat(names.ownBatch("gpu-node-018.0000000000000000042.batch")).isEmpty();
        assertThat(names.ownBatch("gpu-node-017.42.batch")).isEmpty();
        assertThat(names.ownBatch("gpu-node-017.000000000000000004x.batch")).isEmpty();
        assertThat(names.ownBatch("gpu-node-017.9999999999999999999.batch")).as("beyond a long").isEmpty();
        assertThat(names.ownBatch("gpu-node-017.0000000000000000042.batch.tmp")).isEmpty();
        assertThat(names.foreignBatch("gpu-node-018.0000000000000000042.batch")).isTrue();
        assertThat(names.foreignBatch("gpu-node-017.0000000000000000042.batch")).isFalse();
        assertThat(names.foreignBatch(".gpu-node-018.0000000000000000042.batch.tmp")).isFalse();
        assertThat(names.ownTemporary(".gpu-node-017.0000000000000000042.batch.tmp")).isTrue();
        assertThat(names.ownTemporary(".gpu-node-018.0000000000000000042.batch.tmp")).isFalse();
        assertThat(names.ownTemporary("gpu-node-017.lock")).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "gpu-node-017           | gpu-node-017",
            "node1.cluster.example  | node1.cluster.example",
            ".hidden                | %2Ehidden",
            "a/b                    | a%2Fb",
            "rack7:node%01          | rack7%3Anode%2501",
            "ünïcode                | %C3%BCn%C3%AFcode",
    })
    void idsBecomeSafeUnambiguousNames(String id, String encoded) {
        assertThat(SpoolNames.encode(id)).isEqualTo(encoded);
        SpoolNames encodedNames = new SpoolNames(id);
        assertThat(encodedNames.ownBatch(encodedNames.batchFile(5))).hasValue(5);
    }

    @Test
    void longIdsAreCutAndKeptApartByTheirHash() {
        String a = "%".repeat(127) + "a";
        String b = "%".repeat(127) + "b";
        assertThat(SpoolNames.encode(a)).hasSize(97).contains("~").isNotEqualTo(SpoolNames.encode(b));
        assertThat(new SpoolNames(a).batchFile(Long.MAX_VALUE).length()).isLessThan(255);
    }
}
