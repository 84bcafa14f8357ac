package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.ingest.SmState;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.fabricpulse.agent.mad.MadVectors.data;
import static io.fabricpulse.agent.mad.MadVectors.responseTo;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layouts the day-one features read (SMInfo, PortInfo's enabled sets, the additional 64-bit counters of
 * PortCountersExtended), from byte vectors written from the IBA tables (Vol. 1, 14.2.5.13 SMInfo, 14.2.5.6
 * PortInfo, 16.1.4.11 PortCountersExtended with the additional fields of ClassPortInfo CapabilityMask2 bit 1),
 * never from our encoder, and what reserved values turn into.
 */
class DayOneCodecTest {

    @Test
    void smInfoIsGuidKeyActCountThenPriorityAndStateInOneByte() throws MadException {
        MadRequest request = Mads.smpGet(new MadRoute.Lid(1), MadAttribute.SM_INFO, 0);
        byte[] mad = responseTo(request);
        // GUID 0x0002c90300abcdef, SM_Key 0x1122334455667788, ActCount 0xfffffffe, Priority 13 | SMState 3 (master)
        data(mad, 0, "0002c90300abcdef 1122334455667788 fffffffe d3 000000");
        SmInfo info = SmInfo.decode(MadData.of(Mads.checkResponse(request, mad)));
        assertThat(info.guid()).isEqualTo(0x0002c90300abcdefL);
        assertThat(info.activityCount()).as("32 bits, unsigned").isEqualTo(0xfffffffeL);
        assertThat(info.priority()).isEqualTo(13);
        assertThat(info.state()).isEqualTo(SmState.MASTER);
        assertThat(info.faults()).isNull();
        assertThat(request.mad()[16]).isZero();
        assertThat(request.mad()[17]).as("attribute 0x0020").isEqualTo((byte) 0x20);
    }

    @Test
    void everySmStateCodeAndTheReservedOnes() throws MadException {
        List<SmState> expected = List.of(SmState.NOT_ACTIVE, SmState.DISCOVERING, SmState.STANDBY, SmState.MASTER);
        for (int code = 0; code < 16; code++) {
            MadRequest request = Mads.smpGet(new MadRoute.Lid(1), MadAttribute.SM_INFO, 0);
            byte[] mad = responseTo(request);
            data(mad, 0, "0002c90300abcdef 0000000000000000 00000001 " + "0123456789abcdef".charAt(code) + "0 000000");
            data(mad, 20, "0" + "0123456789abcdef".charAt(code));
            SmInfo info = SmInfo.decode(MadData.of(Mads.checkResponse(request, mad)));
            if (code < 4) {
                assertThat(info.state()).isEqualTo(expected.get(code));
                assertThat(info.faults()).isNull();
            } else {
                assertThat(info.state()).as("state %d is reserved: no state, never a plausible one", code).isNull();
                assertThat(info.faults()).singleElement().extracting(FieldFault::field, FieldFault::value)
                        .containsExactly("SmState", (long) code);
                assertThat(info.stateName()).isEqualTo("???");
            }
        }
    }

    @Test
    void portInfoEnabledSetsAndTheCapabilityBothEndsCompareWith() throws MadException {
        PortInfo info = portInfo(b -> {
            b.put(PortInfoField.CapMask, PortInfo.EXTENDED_SPEEDS_SUPPORTED | PortInfo.IS_SM);
            b.put(PortInfoField.LinkWidthEnabled, 0x3);       // 1X, 4X
            b.put(PortInfoField.LinkWidthSupported, 0x13);    // 1X, 4X, 2X
            b.put(PortInfoField.LinkWidthActive, 0x1);        // 1X: degraded
            b.put(PortInfoField.LinkSpeedSupported, 0x7);
            b.put(PortInfoField.LinkSpeedEnabled, 0x7);
            b.put(PortInfoField.LinkSpeedActive, 0x4);
            b.put(PortInfoField.LinkSpeedExtSupported, 0x7);  // FDR, EDR, HDR
            b.put(PortInfoField.LinkSpeedExtEnabled, 0x3);    // FDR, EDR: HDR switched off
            b.put(PortInfoField.LinkSpeedExtActive, 0x2);     // EDR
            b.put(PortInfoField.LinkState, 4);
            b.put(PortInfoField.PhysLinkState, 5);
        });
        assertThat(info.enabledWidths()).containsExactlyInAnyOrder(LinkWidth.X1, LinkWidth.X4);
        assertThat(info.capability().widths()).containsExactlyInAnyOrder(LinkWidth.X1, LinkWidth.X4);
        assertThat(info.capability().speeds()).containsExactlyInAnyOrder(LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR,
                LinkSpeed.FDR, LinkSpeed.EDR);
        assertThat(info.activeWidth()).isEqualTo(LinkWidth.X1);
        assertThat(info.activeSpeed()).isEqualTo(LinkSpeed.EDR);
        assertThat(info.isSm()).isTrue();
        assertThat(info.faults()).isNull();
    }

    @Test
    void extendedSpeedsSwitchedOffLeaveTheBaseOnes() throws MadException {
        PortInfo info = portInfo(b -> {
            b.put(PortInfoField.CapMask, PortInfo.EXTENDED_SPEEDS_SUPPORTED);
            b.put(PortInfoField.LinkSpeedSupported, 0x7);
            b.put(PortInfoField.LinkSpeedEnabled, 0x7);
            b.put(PortInfoField.LinkSpeedExtSupported, 0x3);
            b.put(PortInfoField.LinkSpeedExtEnabled, 30);
            b.put(PortInfoField.LinkState, 1);
            b.put(PortInfoField.PhysLinkState, 2);
        });
        assertThat(info.enabledSpeeds()).containsExactlyInAnyOrder(LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR);
        assertThat(info.faults()).isNull();
    }

    @Test
    void reservedAndImpossibleValuesAreReportedAsReadNeverMapped() throws MadException {
        PortInfo info = portInfo(b -> {
            b.put(PortInfoField.LinkState, 7);                // reserved
            b.put(PortInfoField.PhysLinkState, 5);
            b.put(PortInfoField.LinkWidthActive, 0);          // width 0 on a link that is up
            b.put(PortInfoField.LinkSpeedActive, 0x5);        // two speeds at once
            b.put(PortInfoField.LinkWidthSupported, 0x23);    // bit 5 reserved
            b.put(PortInfoField.LinkSpeedSupported, 0xf);     // bit 3 reserved
        });
        assertThat(info.state()).isNull();
        assertThat(info.activeWidth()).isNull();
        assertThat(info.activeSpeed()).isNull();
        assertThat(info.faults()).extracting(FieldFault::field, FieldFault::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("LinkState", 7L),
                org.assertj.core.groups.Tuple.tuple("LinkWidthActive", 0L),
                org.assertj.core.groups.Tuple.tuple("LinkSpeedActive", 5L),
                org.assertj.core.groups.Tuple.tuple("LinkWidthSupported", 0x23L),
                org.assertj.core.groups.Tuple.tuple("LinkSpeedSupported", 0xfL));

        PortReport report = PortReports.of(3, 7, 1, info, CounterWidth.BASIC, Map.of(), new PeerPort("0x0000000000000001", 1));
        assertThat(report.state()).as("unknown, not Down or Active").isNull();
        assertThat(report.faults()).hasSize(5);
        assertThat(report.physicalState()).isEqualTo(PhysicalState.LINK_UP);
    }

    @Test
    void activeOnADisabledPortIsImpossibleAndSaidSo() throws MadException {
        // What ibsim answers after "ibportstate ... disable": PhysLinkState Disabled, LinkState still Active.
        PortInfo info = portInfo(b -> {
            b.put(PortInfoField.LinkState, 4);
            b.put(PortInfoField.PhysLinkState, 3);
        });
        assertThat(info.state()).isEqualTo(PortState.ACTIVE);
        assertThat(info.physical()).isEqualTo(PhysicalState.DISABLED);
        assertThat(info.faults()).singleElement().satisfies(f -> {
            assertThat(f.field()).isEqualTo("LinkState");
            assertThat(f.problem()).contains("DISABLED");
        });
        PortReport report = PortReports.of(3, 7, 1, info, CounterWidth.BASIC, Map.of(),
                new PeerPort("0x0000000000000001", 1));
        assertThat(report.peer()).as("no cable is up at a disabled port: the walk's peer is stale").isNull();
    }

    @Test
    void additionalExtendedCountersAre64BitErrorCountersAndXmitWait() throws MadException {
        MadRequest request = Mads.perfGet(1, MadAttribute.PORT_COUNTERS_EXTENDED, 1);
        byte[] mad = responseTo(request);
        // IBA 16.1.4.11: data/packet counters at bytes 8..71, then (CapabilityMask2 bit 1) SymbolErrorCounter at
        // byte 72, LinkErrorRecovery 80, LinkDowned 88, PortRcvErrors 96, RemotePhysical 104, SwitchRelay 112,
        // XmitDiscards 120, XmitConstraint 128, RcvConstraint 136, LocalLinkIntegrity 144, ExcessiveBufferOverrun
        // 152, VL15Dropped 160, PortXmitWait 168, QP1Dropped 176; each 64 bits.
        data(mad, 72, "0000000100000000");              // 2^32 symbol errors: far past the 16-bit PortCounters one
        data(mad, 88, "00000000000000ff");
        data(mad, 120, "0000000000012345");
        data(mad, 160, "0000000000000007");
        data(mad, 168, "ffffffffffffffff");              // PortXmitWait latched at 64 bits
        data(mad, 176, "0000000000000009");
        MadData d = MadData.of(Mads.checkResponse(request, mad));
        ClassPortInfo all = new ClassPortInfo(ClassPortInfo.EXTENDED_WIDTH | ClassPortInfo.PORT_XMIT_WAIT,
                ClassPortInfo.ADDITIONAL_EXTENDED_COUNTERS);
        Map<String, Long> counters = new LinkedHashMap<>();
        PortCounterValues.addExtended(counters, d, all);
        assertThat(counters).containsEntry("SymbolErrorCounter", 0x1_0000_0000L)
                .containsEntry("LinkDownedCounter", 0xffL)
                .containsEntry("PortXmitDiscards", 0x12345L)
                .containsEntry("VL15Dropped", 7L)
                .containsEntry("PortXmitWait", -1L)
                .doesNotContainKey("QP1Dropped");
        assertThat(PortCounterValues.extendedErrors(all)).isTrue();
        assertThat(PortCounter.PortXmitWait.max(CounterWidth.EXTENDED_ALL)).as("where it latches now").isEqualTo(-1L);
        assertThat(PortCounter.SymbolErrorCounter.bits(CounterWidth.EXTENDED_ALL)).isEqualTo(64);

        ClassPortInfo dataOnly = new ClassPortInfo(ClassPortInfo.EXTENDED_WIDTH | ClassPortInfo.PORT_XMIT_WAIT, 0);
        Map<String, Long> narrow = new LinkedHashMap<>();
        PortCounterValues.addExtended(narrow, d, dataOnly);
        assertThat(narrow).as("without CapabilityMask2 bit 1 the additional fields mean nothing")
                .doesNotContainKeys("SymbolErrorCounter", "PortXmitWait");
        assertThat(PortCounterValues.extendedErrors(dataOnly)).isFalse();

        ClassPortInfo noWait = new ClassPortInfo(ClassPortInfo.EXTENDED_WIDTH, ClassPortInfo.ADDITIONAL_EXTENDED_COUNTERS);
        Map<String, Long> withoutWait = new LinkedHashMap<>();
        PortCounterValues.addExtended(withoutWait, d, noWait);
        assertThat(withoutWait).containsKey("SymbolErrorCounter").doesNotContainKey("PortXmitWait");
    }

    @Test
    void reportsSayWhichCountersAre64Bit() throws MadException {
        PortInfo info = portInfo(b -> {
            b.put(PortInfoField.LinkState, 4);
            b.put(PortInfoField.PhysLinkState, 5);
            b.put(PortInfoField.LinkWidthActive, 2);
            b.put(PortInfoField.LinkSpeedActive, 1);
        });
        PortReport all = PortReports.of(1, 2, 1, info, CounterWidth.EXTENDED_ALL, Map.of("SymbolErrorCounter", 70_000L), null);
        assertThat(all.extendedCounters()).isTrue();
        assertThat(all.extendedErrorCounters()).isTrue();
        assertThat(all.counterWidth()).isEqualTo(CounterWidth.EXTENDED_ALL);
        PortReport data = PortReports.of(1, 2, 1, info, CounterWidth.EXTENDED_DATA, Map.of(), null);
        assertThat(data.extendedErrorCounters()).as("left out of the JSON, as older agents send it").isNull();
        assertThat(data.counterWidth()).isEqualTo(CounterWidth.EXTENDED_DATA);
        assertThat(all.linkWidthEnabled()).isEmpty();
        assertThat(Set.copyOf(all.linkWidthSupported())).isEmpty();
    }

    private interface PortInfoBytes {
        void put(PortInfoField field, long value);
    }

    private static PortInfo portInfo(java.util.function.Consumer<PortInfoBytes> fill) throws MadException {
        MadRequest request = Mads.smpGet(MadRoute.Directed.of(1), MadAttribute.PORT_INFO, 1);
        byte[] mad = responseTo(request);
        // Each field written at its IBA bit offset by hand: bytes, not our field enum's set().
        fill.accept((field, value) -> writeBits(mad, Mads.DATA_OFFSET * 8 + ibaBitOffset(field), field.bitWidth(), value));
        return PortInfo.decode(MadData.of(Mads.checkResponse(request, mad)));
    }

    /** Bit offsets from IBA Vol. 1 Table 145 (PortInfo), independent of {@link PortInfoField}'s own. */
    private static int ibaBitOffset(PortInfoField field) {
        return switch (field) {
            case CapMask -> 160;
            case LinkWidthEnabled -> 232;
            case LinkWidthSupported -> 240;
            case LinkWidthActive -> 248;
            case LinkSpeedSupported -> 256;
            case LinkState -> 260;
            case PhysLinkState -> 264;
            case LinkSpeedActive -> 280;
            case LinkSpeedEnabled -> 284;
            case LinkSpeedExtActive -> 496;
            case LinkSpeedExtSupported -> 500;
            case LinkSpeedExtEnabled -> 507;
            default -> throw new IllegalArgumentException(field + " not used here");
        };
    }

    private static void writeBits(byte[] mad, int bitOffset, int width, long value) {
        for (int i = 0; i < width; i++) {
            int bit = bitOffset + width - 1 - i;
            if (((value >>> i) & 1) != 0) {
                mad[bit >> 3] |= (byte) (1 << (7 - (bit & 7)));
            }
        }
    }
}
