package io.fabricpulse.agent.discovery;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NodeDescriptionsTest {

    @Test
    void bytesThatAreNotPrintableAsciiBecomeBlanksAsInIbnetdiscover() {
        assertThat(NodeDescriptions.clean("MF0;leaf01:SB7800/U1", "S-1")).isEqualTo("MF0;leaf01:SB7800/U1");
        assertThat(NodeDescriptions.clean("gpu\t01\u00e9\u00a9 HCA-1", "H-1")).isEqualTo("gpu 01   HCA-1");
    }

    @Test
    void whatTheFormatCannotHoldIsReplaced() {
        assertThat(NodeDescriptions.clean("rack \"A\" sw", "S-1")).isEqualTo("rack 'A' sw");
        assertThat(NodeDescriptions.clean("", "H-0000000000000001")).isEqualTo("H-0000000000000001");
    }
}
