package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.ingest.CounterWidth;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

import static io.fabricpulse.agent.mad.MadVectors.data;
import static io.fabricpulse.agent.mad.MadVectors.responseTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MadCodecTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void perfGetIsAPerfMgtGetOnQp1WithPortSelect() {
        MadRequest request = Mads.perfGet(7, MadAttribute.PORT_COUNTERS, 3);
        byte[] mad = request.withTransactionId(0xAABBCCDDL);
        assertThat(HEX.formatHex(mad, 0, 24)).isEqualTo("01040101" + "00000000" + "00000000aabbccdd" + "0012" + "0000"
                + "00000000");
        assertThat(mad[65]).isEqualTo((byte) 3);
        assertThat(request.dlid()).isEqualTo(7);
        assertThat(request.qp()).isEqualTo(1);
        assertThat(request.qkey()).isEqualTo(0x80010000);
    }

    @Test
    void directedRouteGetCarriesHopCountPermissiveLidsAndInitialPath() {
        MadRequest request = Mads.smpGet(MadRoute.Directed.of(1, 5), MadAttribute.NODE_INFO, 0);
        byte[] mad = request.withTransactionId(1);
        assertThat(HEX.formatHex(mad, 0, 8)).isEqualTo("01810101" + "00000002");
        assertThat(HEX.formatHex(mad, 16, 18)).isEqualTo("0011");
        assertThat(HEX.formatHex(mad, 32, 36)).isEqualTo("ffffffff");
        assertThat(HEX.formatHex(mad, 128, 131)).isEqualTo("000105");
        assertThat(request.dlid()).isEqualTo(0xFFFF);
        assertThat(request.qp()).isZero();
    }

    @Test
    void lidRoutedPortInfoPutsThePortInTheModifier() {
        byte[] mad = Mads.smpGet(new MadRoute.Lid(2), MadAttribute.PORT_INFO, 9).withTransactionId(1);
        assertThat(HEX.formatHex(mad, 0, 4)).isEqualTo("01010101");
        assertThat(HEX.formatHex(mad, 16, 24)).isEqualTo("0015000000000009");
    }

    @Test
    void clearSetsCounterSelectAndCounterSelect2() {
        byte[] mad = Mads.clearPortCounters(4, 2, EnumSet.of(PortCounter.SymbolErrorCounter,
                PortCounter.PortRcvPkts, PortCounter.PortXmitWait)).mad();
        assertThat(mad[3]).isEqualTo((byte) 0x02);
        assertThat(HEX.formatHex(mad, 64, 68)).isEqualTo("00028001");
        assertThat(mad[64 + 18]).isEqualTo((byte) 0x01);
        assertThatThrownBy(() -> Mads.clearPortCounters(4, 2, Set.of(PortCounter.PortUnicastRcvPkts)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PortCountersExtended");
    }

    @Test
    void portCountersDecodeFromTheSpecLayout() throws MadException {
        MadRequest request = Mads.perfGet(1, MadAttribute.PORT_COUNTERS, 1);
        byte[] mad = responseTo(request);
        // PortSelect 1, CounterSelect 0, SymbolError 0xffff (latched), LinkErrorRecovery 2, LinkDowned 3,
        // RcvErrors 4, RemotePhys 5, SwitchRelay 6, XmitDiscards 7, XmitConstraint 8, RcvConstraint 9,
        // CounterSelect2 0, LocalLinkIntegrity 0xa | ExcessiveBufferOverrun 0xb, reserved, VL15Dropped 12,
        // XmitData, RcvData, XmitPkts, RcvPkts, XmitWait
        data(mad, 0, "00010000 ffff0203 00040005 00060007 0809 00ab 0000 000c"
                + "11223344 55667788 00000010 00000011 fffffffe");
        MadData d = MadData.of(Mads.checkResponse(request, mad));
        assertThat(d.get(PortCountersField.SymbolErrorCounter)).isEqualTo(0xffff)
                .isEqualTo(PortCountersField.SymbolErrorCounter.maxValue());
        assertThat(d.get(PortCountersField.LinkErrorRecoveryCounter)).isEqualTo(2);
        assertThat(d.get(PortCountersField.LinkDownedCounter)).isEqualTo(3);
        assertThat(d.get(PortCountersField.PortXmitDiscards)).isEqualTo(7);
        assertThat(d.get(PortCountersField.PortRcvConstraintErrors)).isEqualTo(9);
        assertThat(d.get(PortCountersField.LocalLinkIntegrityErrors)).isEqualTo(0xa);
        assertThat(d.get(PortCountersField.ExcessiveBufferOverrunErrors)).isEqualTo(0xb);
        assertThat(d.get(PortCountersField.VL15Dropped)).isEqualTo(12);
        assertThat(d.get(PortCountersField.PortXmitData)).isEqualTo(0x11223344L);
        assertThat(d.get(PortCountersField.PortRcvData)).isEqualTo(0x55667788L);
        assertThat(d.get(PortCountersField.PortXmitWait)).isEqualTo(0xfffffffeL);
        assertThat(d.line(PortCountersField.CounterSelect)).isEqualTo("CounterSelect:...................0x0000");
        assertThat(d.line(PortCountersField.PortSelect)).isEqualTo("PortSelect:......................1");
    }

    @Test
    void extendedCountersAre64BitWords() throws MadException {
        MadRequest request = Mads.perfGet(1, MadAttribute.PORT_COUNTERS_EXTENDED, 1);
        byte[] mad = responseTo(request);
        data(mad, 8, "ffffffffffffffff 0000000100000002");
        data(mad, 64, "0102030405060708");
        MadData d = MadData.of(Mads.checkResponse(request, mad));
        assertThat(d.get(PortCountersExtendedField.PortXmitData)).isEqualTo(-1L);
        assertThat(d.line(PortCountersExtendedField.PortXmitData)).endsWith("18446744073709551615");
        assertThat(d.get(PortCountersExtendedField.PortRcvData)).isEqualTo(0x1_0000_0002L);
        assertThat(d.get(PortCountersExtendedField.PortMulticastRcvPkts)).isEqualTo(0x0102030405060708L);
    }

    @Test
    void nodeInfoDecodesIdentityAndTheEntryPort() throws MadException {
        MadRequest request = Mads.smpGet(MadRoute.Directed.of(1), MadAttribute.NODE_INFO, 0);
        byte[] mad = responseTo(request);
        data(mad, 0, "01010224 0002c90300001111 0002c90300002222 0002c90300003333 0040 1003 000000a1 11 0002c9");
        NodeInfo info = NodeInfo.decode(MadData.of(Mads.checkResponse(request, mad)));
        assertThat(info.nodeType()).isEqualTo(NodeType.SWITCH);
        assertThat(info.numPorts()).isEqualTo(36);
        assertThat(info.nodeGuid()).isEqualTo(0x0002c90300002222L);
        assertThat(info.localPortNumber()).isEqualTo(17);
        assertThat(info.vendorId()).isEqualTo(0x0002c9);
        assertThat(MadData.of(mad).line(NodeInfoField.VendorId)).isEqualTo("VendorId:........................0x0002c9");
        assertThat(MadData.of(mad).line(NodeInfoField.NodeType)).isEqualTo("NodeType:........................Switch");
    }

    @Test
    void portInfoDecodesStateWidthAndExtendedSpeed() throws MadException {
        MadRequest request = Mads.smpGet(new MadRoute.Lid(3), MadAttribute.PORT_INFO, 1);
        byte[] mad = responseTo(request);
        // LID 0x0102, SM LID 1, CapMask with IsExtendedSpeedsSupported, LocalPort 1, widths en 4X sup 1X|4X act 4X,
        // speed sup 7 | state Active(4), phys LinkUp(5) | down-def Polling(2), LMC 0, speed active 4 | enabled 7
        data(mad, 16, "0102 0001 00004000 0000 0000 01 02 03 02 74 52 00 47");
        // CapabilityMask2 0, LinkSpeedExtActive 2 (EDR) | ExtSupported 3 (FDR, EDR), ExtEnabled 3
        data(mad, 60, "0000 23 03");
        PortInfo info = PortInfo.decode(MadData.of(Mads.checkResponse(request, mad)));
        assertThat(info.lid()).isEqualTo(0x0102);
        assertThat(info.state()).isEqualTo(PortState.ACTIVE);
        assertThat(info.physical()).isEqualTo(PhysicalState.LINK_UP);
        assertThat(info.activeWidth()).isEqualTo(LinkWidth.X4);
        assertThat(info.supportedWidths()).containsExactly(LinkWidth.X1, LinkWidth.X4);
        assertThat(info.linkSpeedExtActive()).isEqualTo(2);
        assertThat(info.activeSpeed()).isEqualTo(LinkSpeed.EDR);
        assertThat(info.supportedSpeeds()).containsExactly(LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR, LinkSpeed.FDR,
                LinkSpeed.EDR);
        MadData d = MadData.of(mad);
        assertThat(d.line(PortInfoField.LinkWidthSupported)).isEqualTo("LinkWidthSupported:..............1X or 4X");
        assertThat(d.line(PortInfoField.LinkSpeedExtActive)).isEqualTo("LinkSpeedExtActive:..............25.78125 Gbps");
        assertThat(d.line(PortInfoField.CapMask)).isEqualTo("CapMask:.........................0x4000\n"
                + "\t\t\t\tIsExtendedSpeedsSupported");
    }

    @Test
    void nodeDescriptionStopsAtNul() throws MadException {
        MadRequest request = Mads.smpGet(new MadRoute.Lid(3), MadAttribute.NODE_DESCRIPTION, 0);
        byte[] mad = responseTo(request);
        data(mad, 0, HEX.formatHex("node-17 HCA-1".getBytes()) + "00" + "41");
        assertThat(MadData.of(Mads.checkResponse(request, mad)).nodeDescription()).isEqualTo("node-17 HCA-1");
    }

    @Test
    void nodeDescriptionPrintsLikeInfinibandDiagsWithEveryUnprintableByteASpace() throws MadException {
        MadRequest request = Mads.smpGet(new MadRoute.Lid(3), MadAttribute.NODE_DESCRIPTION, 0);
        byte[] mad = responseTo(request);
        // "Zürich\tü" in UTF-8, then 0x7f (DEL) and '~', the last printable byte
        data(mad, 0, "5a" + "c3bc" + "72696368" + "09" + "c3bc" + "7f" + "7e" + "00" + "41");
        MadData d = MadData.of(Mads.checkResponse(request, mad));
        assertThat(d.printableNodeDescription()).isEqualTo("Z  rich    ~");
        assertThat(d.nodeDescription()).isEqualTo("Zürich\tü\u007f~");
    }

    @Test
    void aFullSixtyFourByteDescriptionHasNoNulAndIsReadWhole() throws MadException {
        MadRequest request = Mads.smpGet(new MadRoute.Lid(3), MadAttribute.NODE_DESCRIPTION, 0);
        byte[] mad = responseTo(request);
        data(mad, 0, HEX.formatHex("d".repeat(64).getBytes()));
        assertThat(MadData.of(Mads.checkResponse(request, mad)).printableNodeDescription()).isEqualTo("d".repeat(64));
    }

    @Test
    void nonZeroStatusIsATypedError() {
        MadRequest request = Mads.perfGet(1, MadAttribute.PORT_COUNTERS, 9);
        byte[] mad = responseTo(request);
        mad[5] = 0x1c;
        assertThatThrownBy(() -> Mads.checkResponse(request, mad)).isInstanceOf(MadStatusException.class)
                .hasMessage("PORT_COUNTERS Lid 1 port 9 (attr 0x0012): MAD status 0x001c (invalid attribute or modifier value)");
    }

    @Test
    void directedRouteStatusIgnoresTheDirectionBit() throws MadException {
        MadRequest request = Mads.smpGet(MadRoute.Directed.of(1), MadAttribute.NODE_INFO, 0);
        byte[] mad = responseTo(request);
        mad[4] = (byte) 0x80;
        Mads.checkResponse(request, mad);
        mad[5] = 0x0c;
        assertThatThrownBy(() -> Mads.checkResponse(request, mad)).isInstanceOf(MadStatusException.class)
                .hasMessageContaining("method/attribute combination not supported");
    }

    @Test
    void answersToSomethingElseAreRejectedWithTheReason() {
        MadRequest request = Mads.perfGet(1, MadAttribute.PORT_COUNTERS, 1);
        byte[] truncated = new byte[100];
        assertThatThrownBy(() -> Mads.checkResponse(request, truncated)).isInstanceOf(MadDecodeException.class)
                .hasMessageContaining("has 100 bytes; a MAD has 256");
        byte[] wrongAttr = responseTo(request);
        wrongAttr[17] = 0x1d;
        assertThatThrownBy(() -> Mads.checkResponse(request, wrongAttr)).isInstanceOf(MadDecodeException.class)
                .hasMessageContaining("carries attribute 0x001d");
        byte[] notResponse = request.withTransactionId(1);
        assertThatThrownBy(() -> Mads.checkResponse(request, notResponse)).isInstanceOf(MadDecodeException.class)
                .hasMessageContaining("method 0x01");
    }

    @Test
    void counterWidthsInTheTableMatchTheIngestSchema() {
        for (PortCountersField f : PortCountersField.values()) {
            if (f.counter() != null) {
                assertThat(f.bitWidth()).as(f.label()).isEqualTo(f.counter().bits(false));
            }
        }
        for (PortCountersExtendedField f : PortCountersExtendedField.values()) {
            if (f.counter() != null) {
                CounterWidth width = f.group() == PortCountersExtendedField.Group.ADDITIONAL ? CounterWidth.EXTENDED_ALL
                        : CounterWidth.EXTENDED_DATA;
                assertThat(f.bitWidth()).as(f.label()).isEqualTo(f.counter().bits(width));
            }
        }
    }
}
