package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.PortCounter;

import java.util.Set;

/**
 * Builds the requests FabricPulse sends (the same datagrams perfquery and smpquery send) and checks
 * that a response answers its request before anything reads its fields.
 */
public final class Mads {

    public static final int MAD_SIZE = 256;
    /** SMP and PerfMgt attribute data both start at byte 64. */
    public static final int DATA_OFFSET = 64;
    public static final int CLASS_SMP_LID = 0x01;
    public static final int CLASS_SMP_DIRECTED = 0x81;
    public static final int CLASS_PERF = 0x04;
    public static final int METHOD_GET = 0x01;
    public static final int METHOD_SET = 0x02;
    public static final int METHOD_GET_RESPONSE = 0x81;
    public static final int PERMISSIVE_LID = 0xFFFF;
    public static final int QP1_QKEY = 0x80010000;
    private static final int DR_INITIAL_PATH = 128;

    private Mads() {
    }

    /** Get of an SMP attribute, LID-routed or directed-route. */
    public static MadRequest smpGet(MadRoute route, MadAttribute attribute, int modifier) {
        if (attribute.performance()) {
            throw new IllegalArgumentException(attribute + " is a PerfMgt attribute, not an SMP one");
        }
        return switch (route) {
            case MadRoute.Lid lid -> new MadRequest(route, attribute, lid.lid(), 0, 0,
                    header(CLASS_SMP_LID, METHOD_GET, attribute, modifier));
            case MadRoute.Directed dr -> {
                byte[] mad = header(CLASS_SMP_DIRECTED, METHOD_GET, attribute, modifier);
                MadHeaderField.HopCount.set(mad, 0, dr.outPorts().size());
                MadHeaderField.DrSlid.set(mad, 0, PERMISSIVE_LID);
                MadHeaderField.DrDlid.set(mad, 0, PERMISSIVE_LID);
                for (int hop = 0; hop < dr.outPorts().size(); hop++) {
                    mad[DR_INITIAL_PATH + 1 + hop] = (byte) (int) dr.outPorts().get(hop);
                }
                yield new MadRequest(route, attribute, PERMISSIVE_LID, 0, 0, mad);
            }
        };
    }

    /**
     * A LID-routed PortInfo Set of port {@code port} of the node at {@code lid} that changes only PhysPortState, as
     * {@code ibportstate <lid> <port> disable|enable} sends it: the port's current PortInfo (the data of
     * {@code current}, a Get's answer) with PortState and the enabled speeds and widths 0 (no change), an unset
     * LID or MasterSMLID replaced by a valid one (the SMA refuses an invalid LID), and PhysPortState
     * {@code physState} (2 Polling: enable; 3 Disabled: disable).
     */
    public static MadRequest portInfoSet(int lid, int port, byte[] current, int physState) {
        if (physState != 2 && physState != 3) {
            throw new IllegalArgumentException("PhysPortState " + physState + ": a Set may ask for 2 (Polling) or 3 (Disabled)");
        }
        byte[] mad = header(CLASS_SMP_LID, METHOD_SET, MadAttribute.PORT_INFO, port);
        System.arraycopy(current, DATA_OFFSET, mad, DATA_OFFSET, 64);
        long portLid = PortInfoField.Lid.get(mad, DATA_OFFSET);
        if (portLid == 0 || portLid == 0xffff) {
            PortInfoField.Lid.set(mad, DATA_OFFSET, 0x1234);
        }
        long smLid = PortInfoField.SMLid.get(mad, DATA_OFFSET);
        if (smLid == 0 || smLid == 0xffff) {
            PortInfoField.SMLid.set(mad, DATA_OFFSET, 0x1234);
        }
        PortInfoField.LinkState.set(mad, DATA_OFFSET, 0);
        PortInfoField.PhysLinkState.set(mad, DATA_OFFSET, physState);
        PortInfoField.LinkSpeedEnabled.set(mad, DATA_OFFSET, 0);
        PortInfoField.LinkSpeedExtEnabled.set(mad, DATA_OFFSET, 0);
        PortInfoField.LinkWidthEnabled.set(mad, DATA_OFFSET, 0);
        return new MadRequest(new MadRoute.Lid(lid), MadAttribute.PORT_INFO, lid, 0, 0, mad);
    }

    /** Get of a PerfMgt attribute of port {@code portSelect} (255 = all ports) of the node at {@code lid}. */
    public static MadRequest perfGet(int lid, MadAttribute attribute, int portSelect) {
        byte[] mad = perfHeader(attribute, METHOD_GET, portSelect);
        return new MadRequest(new MadRoute.Lid(lid), attribute, lid, 1, QP1_QKEY, mad);
    }

    /**
     * Set of PortCounters that clears {@code counters} on port {@code portSelect} of the node at
     * {@code lid} (CounterSelect/CounterSelect2 masks, IBA 16.1.3.5). Clearing loses data other
     * monitors rely on: callers gate it behind an explicit, role-checked operator action.
     */
    public static MadRequest clearPortCounters(int lid, int portSelect, Set<PortCounter> counters) {
        byte[] mad = perfHeader(MadAttribute.PORT_COUNTERS, METHOD_SET, portSelect);
        int select = 0;
        int select2 = 0;
        for (PortCounter counter : counters) {
            int bit = counterSelectBit(counter);
            if (bit >= 16) {
                select2 |= 1 << (bit - 16);
            } else {
                select |= 1 << bit;
            }
        }
        PortCountersField.CounterSelect.set(mad, DATA_OFFSET, select);
        PortCountersField.CounterSelect2.set(mad, DATA_OFFSET, select2);
        return new MadRequest(new MadRoute.Lid(lid), MadAttribute.PORT_COUNTERS, lid, 1, QP1_QKEY, mad);
    }

    /**
     * A PortCountersExtended Set that zeroes its eight data and packet counters and, when {@code additional}
     * (ClassPortInfo says the port fills them), the 64-bit error counters and PortXmitWait too: the 64-bit half
     * of {@code perfquery -x -R}.
     */
    public static MadRequest clearPortCountersExtended(int lid, int portSelect, boolean additional) {
        byte[] mad = perfHeader(MadAttribute.PORT_COUNTERS_EXTENDED, METHOD_SET, portSelect);
        PortCountersExtendedField.CounterSelect.set(mad, DATA_OFFSET, 0xff);
        if (additional) {
            PortCountersExtendedField.CounterSelect2.set(mad, DATA_OFFSET, 0xffffffffL);
        }
        return new MadRequest(new MadRoute.Lid(lid), MadAttribute.PORT_COUNTERS_EXTENDED, lid, 1, QP1_QKEY, mad);
    }

    /** The CounterSelect bit (16+ = CounterSelect2) that selects {@code counter} for a clear. */
    static int counterSelectBit(PortCounter counter) {
        return switch (counter) {
            case SymbolErrorCounter -> 0;
            case LinkErrorRecoveryCounter -> 1;
            case LinkDownedCounter -> 2;
            case PortRcvErrors -> 3;
            case PortRcvRemotePhysicalErrors -> 4;
            case PortRcvSwitchRelayErrors -> 5;
            case PortXmitDiscards -> 6;
            case PortXmitConstraintErrors -> 7;
            case PortRcvConstraintErrors -> 8;
            case LocalLinkIntegrityErrors -> 9;
            case ExcessiveBufferOverrunErrors -> 10;
            case VL15Dropped -> 11;
            case PortXmitData -> 12;
            case PortRcvData -> 13;
            case PortXmitPkts -> 14;
            case PortRcvPkts -> 15;
            case PortXmitWait -> 16;
            case PortUnicastXmitPkts, PortUnicastRcvPkts, PortMulticastXmitPkts, PortMulticastRcvPkts ->
                    throw new IllegalArgumentException(counter + " exists only in PortCountersExtended; "
                            + "PortCounters cannot clear it");
        };
    }

    /**
     * Checks that {@code response} is a well-formed answer to {@code request}: 256 bytes, base version
     * 1, the same class and attribute, a GetResp, and status 0.
     *
     * @return the response, for chaining
     * @throws MadDecodeException when it is not an answer to this request
     * @throws MadStatusException when the responder reported an error status
     */
    public static byte[] checkResponse(MadRequest request, byte[] response) throws MadException {
        if (response == null || response.length != MAD_SIZE) {
            throw new MadDecodeException("response to %s has %s bytes; a MAD has %d".formatted(request,
                    response == null ? "no" : String.valueOf(response.length), MAD_SIZE));
        }
        long baseVersion = MadHeaderField.BaseVersion.get(response, 0);
        if (baseVersion != 1) {
            throw new MadDecodeException("response to %s has base version %d, expected 1".formatted(request,
                    baseVersion));
        }
        long mgmtClass = MadHeaderField.MgmtClass.get(response, 0);
        if (mgmtClass != request.mgmtClass()) {
            throw new MadDecodeException("response to %s is of class 0x%02x, expected 0x%02x".formatted(request,
                    mgmtClass, request.mgmtClass()));
        }
        long method = MadHeaderField.Method.get(response, 0);
        if (method != METHOD_GET_RESPONSE) {
            throw new MadDecodeException("response to %s has method 0x%02x, expected GetResp 0x81".formatted(
                    request, method));
        }
        long attributeId = MadHeaderField.AttributeId.get(response, 0);
        if (attributeId != request.attribute().id()) {
            throw new MadDecodeException("response to %s carries attribute 0x%04x".formatted(request, attributeId));
        }
        long status = request.mgmtClass() == CLASS_SMP_DIRECTED
                ? MadHeaderField.DrStatus.get(response, 0) : MadHeaderField.Status.get(response, 0);
        if (status != 0) {
            throw new MadStatusException(request, (int) status);
        }
        return response;
    }

    private static byte[] perfHeader(MadAttribute attribute, int method, int portSelect) {
        if (!attribute.performance()) {
            throw new IllegalArgumentException(attribute + " is an SMP attribute, not a PerfMgt one");
        }
        if (portSelect < 0 || portSelect > 255) {
            throw new IllegalArgumentException("PortSelect " + portSelect + " (0..255)");
        }
        byte[] mad = header(CLASS_PERF, method, attribute, 0);
        // perfquery puts PortSelect in every PerfMgt request, ClassPortInfo included; so do we.
        PortCountersField.PortSelect.set(mad, DATA_OFFSET, portSelect);
        return mad;
    }

    private static byte[] header(int mgmtClass, int method, MadAttribute attribute, int modifier) {
        byte[] mad = new byte[MAD_SIZE];
        MadHeaderField.BaseVersion.set(mad, 0, 1);
        MadHeaderField.MgmtClass.set(mad, 0, mgmtClass);
        MadHeaderField.ClassVersion.set(mad, 0, 1);
        MadHeaderField.Method.set(mad, 0, method);
        MadHeaderField.AttributeId.set(mad, 0, attribute.id());
        MadHeaderField.AttributeModifier.set(mad, 0, modifier & 0xffffffffL);
        return mad;
    }
}
