package io.fabricpulse.server.alerting;

import io.fabricpulse.server.testing.SysfsFixtures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, acceptance 4, the alerting half: hosts as their agents read them from sysfs (a Soft-RoCE device whose
 * 25GbE the kernel names "1X EDR" and whose SM LID is 0, IPoIB connected at 65520 next to datagram at 2044) raise
 * no alert: no InfiniBand rule judges the Ethernet port, no SM rule misses an SM behind it, and an IPoIB mode is
 * drift to show, not an alert. The inventory half is web.inventory.DayOneSysfsTest.
 */
class DayOneSysfsAlertsTest extends OnFreshStateStore {

    private final AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());

    @Test
    void softRoceAndMixedIpoibModesRaiseNothing() throws Exception {
        for (int poll = 1; poll <= 30; poll++) {
            bed.fabric.apply(SysfsFixtures.batch("day-one-a", poll, clock.instant()));
            bed.fabric.apply(SysfsFixtures.batch("day-one-b", poll, clock.instant()));
            bed.advanceSeconds(10);
        }

        assertThat(bed.fabric.ports()).as("the fixtures arrived, the RoCE port among them")
                .anySatisfy(p -> assertThat(p.linkLayer()).isEqualTo("Ethernet")).hasSize(4);
        assertThat(bed.events).isEmpty();
        assertThat(bed.openRows()).isEmpty();
    }
}
