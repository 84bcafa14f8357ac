package io.fabricpulse.agent.mad;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values ibsim never produces (NDR, undefined codes, all-bits masks), printed as libibmad's dump.c
 * prints them; the simulator-backed parity tests cover the values it does produce.
 */
class FieldFormatTest {

    @ParameterizedTest(name = "{0} {1} -> {3}")
    @CsvSource(delimiter = '|', value = {
            "LINK_SPEED_EXT           | 8  | 4 | 106.25 Gbps",
            "LINK_SPEED_EXT           | 0  | 4 | No Extended Speed",
            "LINK_SPEED_EXT           | 3  | 4 | undefined (3)",
            "LINK_SPEED_EXT_SUPPORTED | 15 | 4 | 14.0625 Gbps or 25.78125 Gbps or 53.125 Gbps or 106.25 Gbps",
            "LINK_SPEED_EXT_SUPPORTED | 0  | 4 | 0",
            "LINK_SPEED_EXT_ENABLED   | 30 | 5 | Extended link speeds disabled",
            "LINK_SPEED_EXT_ENABLED   | 31 | 5 | 14.0625 Gbps or 25.78125 Gbps or 53.125 Gbps or 106.25 Gbps or undefined (31)",
            "LINK_SPEED_EXT_ENABLED   | 16 | 5 | undefined (16)",
            "LINK_SPEED_SET           | 2  | 4 | 5.0 Gbps (IBA extension)",
            "LINK_SPEED_SET           | 0  | 4 | undefined (0) (IBA extension)",
            "LINK_SPEED_SET           | 9  | 4 | 2.5 Gbps or undefined (9)",
            "LINK_SPEED               | 0  | 4 | Extended speed",
            "LINK_WIDTH               | 0  | 8 | undefined (0)",
            "LINK_WIDTH_SUPPORTED     | 6  | 8 | 4X or 8X (IBA extension)",
            "LINK_WIDTH_SUPPORTED     | 32 | 8 | undefined (32)",
            "LINK_WIDTH_ENABLED       | 31 | 8 | 1X or 4X or 8X or 12X or 2X",
            "PHYS_STATE               | 9  | 4 | ?(9)",
            "LINK_DOWN_DEFAULT_STATE  | 3  | 4 | ?(3)",
            "OPER_VLS                 | 0  | 4 | No change",
            "VL_CAP                   | 0  | 4 | ?(0)",
            "MTU                      | 6  | 4 | ?(6)",
            "NODE_TYPE                | 4  | 8 | ?(4)?",
            "HEX                      | 5  | 4 | 0x05",
            "HEX                      | -1 | 64 | 0xffffffffffffffff",
            "UINT                     | -1 | 64 | 18446744073709551615",
    })
    void printsLikeLibibmad(FieldFormat format, long value, int bits, String expected) {
        assertThat(format.format(value, bits)).isEqualTo(expected);
    }

    @Test
    void capabilityMasksPrintUnsignedWithOneTabbedLinePerNamedBit() {
        assertThat(FieldFormat.PORT_CAP_MASK.format(0x80006000L, 32)).isEqualTo(
                "0x80006000\n\t\t\t\tIsExtendedSpeedsSupported\n\t\t\t\tIsHierarchyInfoSupported");
        assertThat(FieldFormat.PORT_CAP_MASK2.format(0x0431, 16)).isEqualTo("0x431\n\t\t\t\tIsSetNodeDescriptionSupported"
                + "\n\t\t\t\tIsLinkWidth2xSupported\n\t\t\t\tIsLinkSpeedHDRSupported\n\t\t\t\tIsLinkSpeedNDRSupported");
    }
}
