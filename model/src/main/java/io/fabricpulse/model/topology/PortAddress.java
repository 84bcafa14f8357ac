package io.fabricpulse.model.topology;

/**
 * The identity of an addressable port: port 0 of a switch (the switch's management port, which
 * carries its one GUID and LID), or a cabled port of a CA or router.
 *
 * @param port port number (0 for a switch)
 * @param guid port GUID
 * @param lid  LID the file gives it, 0 when unassigned or not given
 */
public record PortAddress(int port, long guid, int lid) {

    public PortAddress {
        if (port < 0 || port > 255) {
            throw new IllegalArgumentException("port " + port + " out of range 0..255");
        }
        if (lid < 0 || lid > 0xFFFF) {
            throw new IllegalArgumentException("LID " + lid + " out of range 0..65535");
        }
    }
}
