package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.NodeType;

/**
 * One end of the thing an alert is about, as a chat message names it.
 *
 * @param nodeGuid   node GUID
 * @param nodeName   display name, the GUID when nothing better is known
 * @param nodeType   CA (host) or SWITCH, null when unknown
 * @param portNumber port number, 0 for node-level alerts
 * @param lid        the port's LID, 0 when unknown
 * @param reporting  true when this end's own counters or state show the problem
 */
public record AlertEnd(String nodeGuid, String nodeName, NodeType nodeType, int portNumber, int lid,
                       boolean reporting) {
}
