package io.fabricpulse.server.sm;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The subnet managers after a batch that carried SMInfo answers.
 *
 * @param at             collection time of that batch
 * @param managers       every SM known, answered ones by GUID and never-answered ones by LID
 * @param lastAsked      when any agent last asked an SM, null before any did (no agent can: sysfs, sim)
 * @param previousMaster the master GUID the state store remembered from before this server started, null when none
 * @param readings       the recent ActCount readings of each answered SM, by GUID, oldest first
 * @param judgedElsewhere another replica stored the batch first: its alerts are that replica's to raise and clear
 */
public record SubnetManagerSnapshot(Instant at, List<SubnetManagerView> managers, Instant lastAsked,
                                    String previousMaster, Map<String, List<ActivityReading>> readings,
                                    boolean judgedElsewhere) {

    /** One answer's ActCount (unsigned 32 bits) and when it was read. */
    public record ActivityReading(Instant at, long activityCount) {
    }
}
