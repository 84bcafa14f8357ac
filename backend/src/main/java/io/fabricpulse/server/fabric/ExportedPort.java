package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.server.rates.CounterTotals;

/**
 * A port as exporters read it: its latest view (mapped node name included), what the port says it
 * can do, and its counters as the rate engine accepted them.
 *
 * @param view         the latest view
 * @param widthCapable the widest width the port reported it supports, null when its source cannot tell (sysfs)
 * @param speedCapable the fastest speed the port reported it supports, null when its source cannot tell
 * @param linkLayer    {@code InfiniBand} or {@code Ethernet}, null when not reported
 * @param totals       the port's counter totals, read live: a later read may be higher, never lower
 */
public record ExportedPort(PortView view, LinkWidth widthCapable, LinkSpeed speedCapable, String linkLayer,
                           CounterTotals totals) {
}
