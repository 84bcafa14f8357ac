package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * One port line of a record, as written, before the two ends of its cable are matched.
 *
 * @param line              where it stands
 * @param port              the local port number
 * @param ownGuid           the local port GUID in parentheses (CA and router records), null when absent
 * @param remoteId          the quoted node id of the far end
 * @param remotePort        the far end's port ({@code 1} when the line omits it, as ibsim assumes)
 * @param remoteGuid        the far end's port GUID in parentheses, null when absent
 * @param ownLid            the local LID from a CA comment ({@code lid 4 lmc 0}), null when absent
 * @param remoteDescription the far end's description from the comment, null when absent
 * @param remoteLid         the far end's LID from the comment, null when absent
 * @param rateStated        whether the comment carries a width/speed token (such as {@code 4xEDR})
 * @param width             width from that token, null when absent or {@code ??}
 * @param speed             speed from that token, null when absent or {@code ???}
 * @param options           ibsim's {@code w=}, {@code s=}, {@code e=} enable masks for this port
 */
record RawPort(int line, int port, Long ownGuid, String remoteId, int remotePort, Long remoteGuid, Integer ownLid,
               String remoteDescription, Integer remoteLid, boolean rateStated, LinkWidth width, LinkSpeed speed,
               EnabledRates options) {
}
