package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.rules.LinkDegradedRule;
import io.fabricpulse.server.alerting.rules.PortNotActiveRule;

import java.util.List;
import java.util.Set;

/**
 * What an operator should check first, per rule, from the operators' notes (seeds): physical errors
 * mean the cable (reseat, replace, mlxlink), drops and waits mean congestion or routing, a port in
 * Init means the subnet manager; after every fix the counters are cleared so the rate restarts clean.
 */
public final class SuggestedChecks {

    private static final String CLEAR = "After the fix clear the port's counters (ibclearcounters, or perfquery -R "
            + "<lid> <port>) so new errors show as a fresh rate";
    private static final List<String> CABLE = List.of(
            "Reseat the cable at both ends; if errors continue, replace the cable or transceiver",
            "Check the link with mlxlink -d <device> -m -e -c (BER, FEC, eye) and the cable part number",
            "A reboot or link retraining on either end induces a few errors; those are normal",
            CLEAR);
    private static final List<String> NARROWED = List.of(
            "One end enables less than its node's other ports: someone restricted it (ibportstate, a configuration) "
                    + "and may have forgotten; read LinkWidthEnabled/LinkSpeedEnabled with ibportstate <lid> <port> query",
            "If the restriction is not meant, enable what the other ports enable (ibportstate <lid> <port> width "
                    + "<mask>, or speed <mask>) and retrain the link (ibportstate <lid> <port> reset)",
            "If it is meant, set the rule's expected width and speed for the cluster so the link is judged by that");
    private static final List<String> CONGESTION = List.of(
            "Look for congestion: the busiest ports of the switch and the traffic of the jobs on these nodes",
            "Check the subnet manager's routing (opensm routing engine, ibdiagnet) for hot spots",
            CLEAR);
    private static final List<String> SUBNET_MANAGER = List.of(
            "Check the subnet manager: sminfo, systemctl status opensm; exactly one SM should be master",
            "ibstat on the node should show the port Active once an SM has configured it");
    private static final Set<String> CABLE_RULES = Set.of("symbol-error-ber", "symbol-error-burst", "link-downed",
            "link-error-recovery", "rcv-errors", "rcv-remote-physical-errors", "local-link-integrity-errors",
            "link-degraded");
    private static final Set<String> CONGESTION_RULES = Set.of("xmit-discards", "xmit-wait",
            "excessive-buffer-overrun", "rcv-switch-relay-errors", "xmit-constraint-errors", "rcv-constraint-errors");

    private SuggestedChecks() {
    }

    /**
     * @param summary the finding's summary: a port in Init asks for the SM, one Down for the cable; a link below
     *                what an end's siblings enable for the ibportstate setting, not the cable
     */
    public static List<String> forRule(String rule, String summary) {
        if (LinkDegradedRule.NAME.equals(rule) && summary.contains(LinkDegradedRule.NARROWED)) {
            return NARROWED;
        }
        if (CABLE_RULES.contains(rule)) {
            return CABLE;
        }
        if (CONGESTION_RULES.contains(rule)) {
            return CONGESTION;
        }
        return switch (rule) {
            case PortNotActiveRule.NAME -> summary.contains("subnet manager") ? SUBNET_MANAGER
                    : List.of("Port is Down: check that the cable is seated at both ends and the far end is powered",
                    "Check the link with mlxlink -d <device> -m; replace the cable or transceiver if it does not train",
                    CLEAR);
            case "vl15-dropped", RuleCatalog.SM_MASTER -> SUBNET_MANAGER;
            case "counter-saturated" -> List.of(CLEAR);
            case RuleCatalog.AGENT_SILENT -> List.of(
                    "Check the agent on the host: systemctl status fabricpulse-agent and its log",
                    "Check the network path from the host to the FabricPulse server");
            case RuleCatalog.TOPOLOGY_CHANGED -> List.of(
                    "Compare the fabric with the baseline (ibnetdiscover) and check recent cabling work",
                    "If the change is intended, save a new topology baseline");
            default -> List.of();
        };
    }
}
