package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeText;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.SubnetManagerReport;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks of the optional fields the schema gained for day-one truth (NodeInfo ids, IPoIB interfaces,
 * enabled link sets, faults, SMInfo answers): ranges, lengths and list sizes, so a hostile batch can neither
 * bloat the server nor plant text that looks like something else. Absent fields are what older agents send.
 */
final class DayOneFieldChecks {

    static final int MAX_FAULTS = 32;
    static final int MAX_INTERFACES = 64;
    static final int MAX_SUBNET_MANAGERS = 256;
    static final int MAX_SHORT_TEXT = 64;
    static final int MAX_TEXT = 256;
    static final Set<String> IPOIB_MODES = Set.of("datagram", "connected");
    private static final Pattern INTERFACE_NAME = Pattern.compile("[A-Za-z0-9._:@-]{1,15}");
    private static final Pattern VIA = Pattern.compile("0x[0-9a-f]{16}:\\d{1,3}");
    private static final double MAX_RATE_GBPS = 100_000;

    private DayOneFieldChecks() {
    }

    static void node(String path, NodeReport node, Violations v) {
        range(path + ".vendorId", node.vendorId(), 0, 0xFFFFFF, v);
        range(path + ".deviceId", node.deviceId(), 0, 0xFFFF, v);
        if (node.revision() != null && (node.revision() < 0 || node.revision() > 0xFFFF_FFFFL)) {
            v.add(path + ".revision", "must be 0..4294967295 (32 bits), got " + node.revision());
        }
        range(path + ".numPorts", node.numPorts(), 1, BatchValidator.MAX_PORT_NUMBER, v);
        faults(path, ".faults", node.faults(), v);
        List<IpoibInterface> interfaces = node.ipoib();
        if (interfaces == null) {
            return;
        }
        if (interfaces.size() > MAX_INTERFACES) {
            v.add(path + ".ipoib", "at most " + MAX_INTERFACES + " interfaces, got " + interfaces.size());
            return;
        }
        for (int i = 0; i < interfaces.size(); i++) {
            String at = path + ".ipoib[" + i + "]";
            IpoibInterface ipoib = interfaces.get(i);
            if (ipoib == null) {
                v.add(at, "must be an interface object, got null");
                continue;
            }
            if (ipoib.name() == null || !INTERFACE_NAME.matcher(ipoib.name()).matches()) {
                v.add(at + ".name", "must be an interface name (1 to 15 letters, digits or . _ : @ -), got "
                        + BatchValidator.quoted(ipoib.name()));
            }
            text(at + ".device", ipoib.device(), MAX_SHORT_TEXT, v);
            range(at + ".port", ipoib.port(), 0, BatchValidator.MAX_PORT_NUMBER, v);
            if (ipoib.mode() != null && !IPOIB_MODES.contains(ipoib.mode())) {
                v.add(at + ".mode", "must be datagram or connected, or absent, got " + BatchValidator.quoted(ipoib.mode()));
            }
            range(at + ".mtu", ipoib.mtu(), 0, 65_535, v);
            text(at + ".state", ipoib.state(), MAX_SHORT_TEXT, v);
        }
    }

    static void port(String path, PortReport port, Violations v) {
        boolean faulty = port.faults() != null && !port.faults().isEmpty();
        if (port.state() == null && !faulty) {
            v.add(path + ".state", "missing; one of DOWN, INIT, ARMED, ACTIVE (or absent with a fault naming the "
                    + "reserved value read)");
        }
        if (port.physicalState() == null && !faulty) {
            v.add(path + ".physicalState", "missing; one of SLEEP, POLLING, DISABLED, TRAINING, LINK_UP, "
                    + "LINK_ERROR_RECOVERY, PHY_TEST (or absent with a fault naming the reserved value read)");
        }
        noNullElement(path, ".linkWidthEnabled", port.linkWidthEnabled(), v);
        noNullElement(path, ".linkSpeedEnabled", port.linkSpeedEnabled(), v);
        Double gbps = port.linkRateGbps();
        if (gbps != null && !(gbps > 0 && gbps <= MAX_RATE_GBPS)) {
            v.add(path + ".linkRateGbps", "must be above 0 and at most " + (int) MAX_RATE_GBPS + ", got " + gbps);
        }
        faults(path, ".faults", port.faults(), v);
        PortCapability capability = port.peer() == null ? null : port.peer().capability();
        if (capability != null) {
            noNullElement(path, ".peer.capability.widths", capability.widths(), v);
            noNullElement(path, ".peer.capability.speeds", capability.speeds(), v);
        }
    }

    static void subnetManagers(List<SubnetManagerReport> managers, Violations v) {
        if (managers == null) {
            return;
        }
        if (managers.size() > MAX_SUBNET_MANAGERS) {
            v.add("subnetManagers", "at most " + MAX_SUBNET_MANAGERS + " SMInfo answers, got " + managers.size());
            return;
        }
        for (int i = 0; i < managers.size(); i++) {
            String path = "subnetManagers[" + i + "]";
            SubnetManagerReport sm = managers.get(i);
            if (sm == null) {
                v.add(path, "must be an SMInfo answer object, got null");
                continue;
            }
            range(path + ".lid", sm.lid(), 0, BatchValidator.MAX_LID, v);
            if (sm.guid() != null && !Guids.isCanonical(sm.guid())) {
                v.add(path + ".guid", "not a canonical GUID: " + BatchValidator.quoted(sm.guid()));
            }
            range(path + ".priority", sm.priority(), 0, 15, v);
            if (sm.activityCount() != null && (sm.activityCount() < 0 || sm.activityCount() > 0xFFFF_FFFFL)) {
                v.add(path + ".activityCount", "must be 0..4294967295 (32 bits), got " + sm.activityCount());
            }
            if (sm.via() == null || !VIA.matcher(sm.via()).matches()) {
                v.add(path + ".via", "must name the querying port as <node GUID>:<port>, got " + BatchValidator.quoted(sm.via()));
            }
            text(path + ".error", sm.error(), MAX_TEXT, v);
            if (sm.guid() == null && sm.error() == null) {
                v.add(path, "an SMInfo answer needs a guid, an unanswered query an error saying why");
            }
            faults(path, ".faults", sm.faults(), v);
        }
    }

    private static void faults(String parent, String field, List<FieldFault> faults, Violations v) {
        if (faults == null || faults.isEmpty()) {
            return;
        }
        String path = parent + field;
        if (faults.size() > MAX_FAULTS) {
            v.add(path, "at most " + MAX_FAULTS + " faults, got " + faults.size());
            return;
        }
        for (int i = 0; i < faults.size(); i++) {
            FieldFault fault = faults.get(i);
            if (fault == null || fault.field() == null || fault.problem() == null) {
                v.add(path + "[" + i + "]", "a fault needs its field and problem");
                continue;
            }
            text(path + "[" + i + "].field", fault.field(), MAX_SHORT_TEXT, v);
            text(path + "[" + i + "].problem", fault.problem(), MAX_TEXT, v);
        }
    }

    private static void range(String path, Integer value, int min, int max, Violations v) {
        if (value != null && (value < min || value > max)) {
            v.add(path, "must be " + min + ".." + max + ", got " + value);
        }
    }

    private static void text(String path, String text, int max, Violations v) {
        // The same characters refused as in node names (NodeText: controls, bidi overrides, ...).
        if (text != null && (text.length() > max || NodeText.firstDisallowed(text) >= 0)) {
            v.add(path, "must be at most " + max + " characters without control characters");
        }
    }

    private static void noNullElement(String path, String field, Collection<?> values, Violations v) {
        if (BatchValidator.containsNull(values)) {
            v.add(path + field, "contains null; list only known values");
        }
    }
}
