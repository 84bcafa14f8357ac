package io.fabricpulse.server.web.inventory;

import java.util.List;

/**
 * One hardware model (HCA type or switch model) and the firmware versions its nodes run.
 *
 * @param model    the known device's name ("ConnectX-6", "Quantum"), else the reported HCA type, else the raw device
 *                 id, "unknown" when none is reported
 * @param type     CA, Switch or Router
 * @param nodes    nodes of this model
 * @param firmware each version with its node count, most common first
 * @param mixed    more than one firmware version within the model: drift
 */
public record ModelRow(String model, String type, int nodes, List<FirmwareCount> firmware, boolean mixed) {

    /** One firmware version of a model and how many nodes run it. */
    public record FirmwareCount(String version, int nodes) {
    }

    /** The version most nodes of the model run, the one the others are compared with; null when none reported. */
    String usual() {
        return firmware.isEmpty() ? null : firmware.getFirst().version();
    }
}
