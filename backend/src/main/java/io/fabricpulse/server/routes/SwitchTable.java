package io.fabricpulse.server.routes;

import java.time.Instant;

/**
 * One switch's forwarding table as the server keeps it: one byte per LID (the out-port, unsigned; 0xFF no
 * route, also for a LID in a block that could not be read).
 *
 * @param switchGuid   canonical GUID of the switch
 * @param lid          the switch's LID when the table was read
 * @param ports        out-port by LID, {@code 0 .. LinearFdbTop}; never modified
 * @param readAt       when the agent read it
 * @param unreadBlocks blocks the agent could not read
 * @param agentId      the agent that read it
 */
public record SwitchTable(String switchGuid, int lid, byte[] ports, Instant readAt, int unreadBlocks, String agentId) {

    /** The out-port of {@code lid}, or 0xFF when the table has none. */
    public int portOf(int lid) {
        return lid < ports.length ? ports[lid] & 0xFF : 0xFF;
    }
}
