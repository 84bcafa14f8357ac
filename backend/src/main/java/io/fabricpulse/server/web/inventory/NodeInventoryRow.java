package io.fabricpulse.server.web.inventory;

/**
 * One node in the inventory list.
 *
 * @param guid          node GUID
 * @param name          display name
 * @param type          CA, Switch or Router
 * @param model         the known device's name, the reported HCA type, or the raw device id; a dash when none
 * @param deviceId      NodeInfo DeviceID as {@code 0xd2f0}, a dash when not reported
 * @param revision      NodeInfo Revision as {@code 0x000000a1}, a dash when not reported
 * @param numPorts      NodeInfo NumPorts, a dash when not reported
 * @param firmware      firmware version, a dash when not reported
 * @param boardId       board id (PSID), a dash when not reported
 * @param firmwareDrift the firmware differs from the version most nodes of the same model run
 * @param ports         ports known
 * @param active        ports in state Active
 * @param links         the active links' width and speed ("4X EDR", "Ethernet 25 Gb/s"; several when they differ)
 * @param capability    what its Active ports can run at, or "capability unknown" (sysfs)
 * @param ipoib         its IPoIB interfaces ("ib0 connected 65520 up"), a dash when none or not reported
 * @param ipoibDrift    an IPoIB mode or MTU differs from its cluster's usual
 * @param driftPorts    ports listed as link drift
 */
public record NodeInventoryRow(String guid, String name, String type, String model, String deviceId, String revision,
                               String numPorts, String firmware, String boardId, boolean firmwareDrift, int ports,
                               int active, String links, String capability, String ipoib, boolean ipoibDrift,
                               int driftPorts) {
}
