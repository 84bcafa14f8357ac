package io.fabricpulse.server.alerting.api;

import java.util.List;

/**
 * The answer to {@code POST /api/v1/alerts/ack}: several alerts (one cable's group, say) acknowledged at once.
 *
 * @param acknowledged the alerts that were firing and are acknowledged now, in the order their ids were given
 * @param unchanged    the ids given of alerts that were acknowledged or resolved already, left as they were
 */
public record GroupAcknowledgement(List<AlertView> acknowledged, List<Long> unchanged) {

    public GroupAcknowledgement {
        acknowledged = List.copyOf(acknowledged);
        unchanged = List.copyOf(unchanged);
    }
}
