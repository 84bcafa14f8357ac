package io.fabricpulse.server.web.inventory;

/**
 * One node in the inventory list.
 *
 * @param guid          node GUID
 * @param name          display name
 * @param type          CA, Switch or Router
 * @param model         HCA type or switch model, a dash when not reported
 * @param firmware      firmware version, a dash when not reported
 * @param firmwareDrift the firmware differs from the version most nodes of the same model run
 * @param ports         ports known
 * @param active        ports in state Active
 * @param links         the active links' width and speed ("4X EDR", or "4X EDR, 1X EDR" when they differ)
 * @param driftPorts    ports listed as link drift
 */
public record NodeInventoryRow(String guid, String name, String type, String model, String firmware,
                               boolean firmwareDrift, int ports, int active, String links, int driftPorts) {
}
