package io.fabricpulse.agent.mad;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The PortInfo Set of a disable or enable carries what ibportstate's does: the port as it is, but for the fields it changes. */
class PortInfoSetTest {

    @Test
    void aDisableKeepsThePortInfoAndAsksOnlyForPhysPortStateDisabled() {
        byte[] current = answer(7, 1, 4, 5);
        PortInfoField.LinkSpeedEnabled.set(current, Mads.DATA_OFFSET, 7);
        PortInfoField.LinkWidthEnabled.set(current, Mads.DATA_OFFSET, 3);
        PortInfoField.NeighborMTU.set(current, Mads.DATA_OFFSET, 5);

        MadRequest set = Mads.portInfoSet(7, 12, current, 3);

        byte[] mad = set.mad();
        assertThat(MadHeaderField.Method.get(mad, 0)).isEqualTo(Mads.METHOD_SET);
        assertThat(MadHeaderField.MgmtClass.get(mad, 0)).isEqualTo(Mads.CLASS_SMP_LID);
        assertThat(MadHeaderField.AttributeModifier.get(mad, 0)).isEqualTo(12);
        assertThat(set.dlid()).isEqualTo(7);
        assertThat(PortInfoField.PhysLinkState.get(mad, Mads.DATA_OFFSET)).isEqualTo(3);
        assertThat(PortInfoField.LinkState.get(mad, Mads.DATA_OFFSET)).as("no state change").isZero();
        assertThat(PortInfoField.LinkSpeedEnabled.get(mad, Mads.DATA_OFFSET)).as("no change").isZero();
        assertThat(PortInfoField.LinkWidthEnabled.get(mad, Mads.DATA_OFFSET)).as("no change").isZero();
        assertThat(PortInfoField.Lid.get(mad, Mads.DATA_OFFSET)).isEqualTo(7);
        assertThat(PortInfoField.SMLid.get(mad, Mads.DATA_OFFSET)).isEqualTo(1);
        assertThat(PortInfoField.NeighborMTU.get(mad, Mads.DATA_OFFSET)).as("kept").isEqualTo(5);
    }

    @Test
    void anEnableOfAPortWithoutLidsGivesTheSmaValidOnes() {
        MadRequest set = Mads.portInfoSet(7, 12, answer(0, 0, 1, 3), 2);

        assertThat(PortInfoField.PhysLinkState.get(set.mad(), Mads.DATA_OFFSET)).isEqualTo(2);
        assertThat(PortInfoField.Lid.get(set.mad(), Mads.DATA_OFFSET)).isEqualTo(0x1234);
        assertThat(PortInfoField.SMLid.get(set.mad(), Mads.DATA_OFFSET)).isEqualTo(0x1234);
    }

    @Test
    void onlyPollingAndDisabledCanBeAskedFor() {
        assertThatThrownBy(() -> Mads.portInfoSet(7, 12, answer(7, 1, 4, 5), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PhysPortState 5");
    }

    /** A PortInfo Get's answer for a port at {@code lid} whose SM is at {@code smLid}. */
    private static byte[] answer(int lid, int smLid, int state, int physState) {
        byte[] mad = new byte[Mads.MAD_SIZE];
        PortInfoField.Lid.set(mad, Mads.DATA_OFFSET, lid);
        PortInfoField.SMLid.set(mad, Mads.DATA_OFFSET, smLid);
        PortInfoField.LinkState.set(mad, Mads.DATA_OFFSET, state);
        PortInfoField.PhysLinkState.set(mad, Mads.DATA_OFFSET, physState);
        return mad;
    }
}
