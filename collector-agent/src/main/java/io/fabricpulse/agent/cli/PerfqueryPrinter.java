package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.FieldLines;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.PortCountersExtendedField;
import io.fabricpulse.agent.mad.PortCountersField;

/**
 * perfquery's text for a PortCounters or PortCountersExtended answer. Which lines appear, and whether
 * PortXmitWait is shown, depends on the port's PerfMgt ClassPortInfo exactly as in perfquery.c; kept
 * apart from the queries so that every capability combination is tested with byte vectors, including
 * those the simulator cannot answer with.
 */
final class PerfqueryPrinter {

    private PerfqueryPrinter() {
    }

    static String counters(int lid, int port, ClassPortInfo cpi, MadData counters) {
        StringBuilder sb = new StringBuilder("# Port counters: Lid %d port %d (CapMask: 0x%02X)\n".formatted(lid, port,
                cpi.capabilityMask()));
        for (PortCountersField f : PortCountersField.values()) {
            // perfquery zeroes PortXmitWait when ClassPortInfo does not vouch for it.
            boolean hidden = f == PortCountersField.PortXmitWait && !cpi.has(ClassPortInfo.PORT_XMIT_WAIT);
            sb.append(hidden ? FieldLines.line(f.label(), "0") : counters.line(f)).append('\n');
        }
        return sb.toString();
    }

    static String extendedCounters(int lid, int port, ClassPortInfo cpi, MadData counters) {
        StringBuilder sb = new StringBuilder("# Port extended counters: Lid %d port %d (CapMask: 0x%02X CapMask2: 0x%07X)\n"
                .formatted(lid, port, cpi.capabilityMask(), cpi.capabilityMask2()));
        for (PortCountersExtendedField f : PortCountersExtendedField.values()) {
            if (cpi.covers(f.group())) {
                sb.append(counters.line(f)).append('\n');
            }
        }
        return sb.toString();
    }
}
