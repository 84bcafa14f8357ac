package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PortSeverity;
import io.fabricpulse.server.web.ShortNames;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One row of the error view: a port's error counters since the last clear, the view {@code ibcheck -E}
 * gives by hand (its columns, in the IBA names perfquery prints). {@code ibcheck} toggles between ports
 * with errors and all ports; the page does the same with {@link #errors}.
 *
 * @param key      {@code nodeGuid:portNumber}
 * @param nodeName short name of the node ({@link ShortNames})
 * @param nodeTitle its full name and GUID, for hover
 * @param nodeGuid node GUID, for the link to the port page
 * @param port     port number
 * @param href     the port's page
 * @param errors   any error counter above zero (or latched)
 * @param severity error, warn or ok, as in the ports table
 * @param counts   the {@link #COUNTERS} in order: value, "≥ max" when latched, a dash when not reported
 */
public record ErrorCountersRow(String key, String nodeName, String nodeTitle, int port, String href, boolean errors, String severity,
                               List<String> counts) {

    /** The error counters, in the order ibqueryerrors and the page's columns list them. */
    static final List<PortCounter> COUNTERS = Arrays.stream(PortCounter.values())
            .filter(c -> c.kind() == PortCounter.Kind.ERROR).toList();

    /** A column of the error view: ibcheck's short header, the IBA name as its tooltip. */
    public record Column(String label, String ibaName) {

        /** The label's words ("Rcv", "Remote", "Phys", "Errors"): a narrow head breaks between them, never inside one. */
        public List<String> words() {
            return List.of(label.split("(?<=[a-z0-9])(?=[A-Z])"));
        }
    }

    /** The columns, headed as ibcheck heads them, so its users find their way at once. */
    static final List<Column> COLUMNS = COUNTERS.stream().map(c -> new Column(ibcheckName(c), c.ibaName())).toList();

    private static String ibcheckName(PortCounter counter) {
        return switch (counter) {
            case SymbolErrorCounter -> "SymbolErrors";
            case LinkErrorRecoveryCounter -> "LinkRecovers";
            case LinkDownedCounter -> "LinkDowned";
            case PortRcvErrors -> "RcvErrors";
            case PortRcvRemotePhysicalErrors -> "RcvRemotePhysErrors";
            case PortRcvSwitchRelayErrors -> "RcvSwRelayErrors";
            case PortXmitDiscards -> "XmtDiscards";
            case PortXmitConstraintErrors -> "XmtConstraintErrors";
            case PortRcvConstraintErrors -> "RcvConstraintErrors";
            case LocalLinkIntegrityErrors -> "LinkIntegrityErrors";
            case ExcessiveBufferOverrunErrors -> "ExcBufOverrunErrors";
            case VL15Dropped -> "VL15Dropped";
            default -> counter.ibaName();
        };
    }

    static ErrorCountersRow of(PortView port) {
        List<String> counts = new ArrayList<>(COUNTERS.size());
        for (PortCounter counter : COUNTERS) {
            String name = counter.ibaName();
            Long value = port.counters().get(name);
            if (port.saturated().containsKey(name)) {
                counts.add("≥ " + counter.max(false));
            } else {
                counts.add(value == null ? DisplayFormat.MISSING : Long.toUnsignedString(value));
            }
        }
        return new ErrorCountersRow(port.nodeGuid() + ":" + port.portNumber(), ShortNames.of(port.nodeName()),
                port.nodeName() + " (" + port.nodeGuid() + ")",
                port.portNumber(), PortRow.href(port), hasErrors(port), PortSeverity.of(port), List.copyOf(counts));
    }

    /** Whether any error counter of the port is above zero or latched: the rows of the errors-only view. */
    static boolean hasErrors(PortView port) {
        if (!port.saturated().isEmpty()) {
            return true;
        }
        for (PortCounter counter : COUNTERS) {
            Long value = port.counters().get(counter.ibaName());
            if (value != null && value != 0) {
                return true;
            }
        }
        return false;
    }
}
