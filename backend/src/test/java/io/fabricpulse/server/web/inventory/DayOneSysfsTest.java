package io.fabricpulse.server.web.inventory;

import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.testing.SysfsFixtures;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, acceptance 4, the inventory half: what the agent reads from the sysfs fixtures day-one-a (two HCAs with
 * IPoIB connected at 65520, and Soft-RoCE rxe0 on 25GbE) and day-one-b (IPoIB datagram at 2044), through the real
 * {@link LiveFabric}, shown on the inventory: the RoCE device labelled Ethernet with its rate, never "1X EDR" or a
 * link to judge; host b's datagram interface flagged against the fabric's usual connected 65520.
 */
class DayOneSysfsTest extends InventorySliceTest {

    private static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");
    private static final String RXE = "0x525400fffe123456";
    private static final String HOST_B = "0x0c42a10300d10b00";

    @Test
    void softRoceIsLabelledEthernetAndTheDatagramHostIsFlagged() throws Exception {
        LiveFabric live = liveFabric().build();
        live.apply(SysfsFixtures.batch("day-one-a", 1, AT));
        live.apply(SysfsFixtures.batch("day-one-b", 1, AT));
        fabric.publish(AT, live.nodes(), live.ports());

        Document page = render("/inventory");

        Element rxe = page.selectFirst("table.nodes-inventory tr[data-guid=" + RXE + "]");
        assertThat(rxe).as("the rxe device is in the inventory").isNotNull();
        assertThat(rxe.selectFirst("td[data-col=links]").text()).isEqualTo("Ethernet 25 Gb/s");
        assertThat(page.text()).doesNotContain("1X EDR");
        assertThat(page.select("table.drift-table tbody tr")).as("no InfiniBand link to judge, nothing guessed").isEmpty();

        assertThat(page.selectFirst("[data-stat=ipoib-drift] .value").text()).isEqualTo("1");
        assertThat(page.select("table.ipoib-table tbody tr")).singleElement().satisfies(row -> {
            assertThat(row.attr("data-guid")).isEqualTo(HOST_B);
            assertThat(row.text()).contains("ib0", "datagram", "2044", "connected, MTU 65520");
        });
        assertThat(page.selectFirst("table.nodes-inventory tr[data-guid=" + HOST_B + "] td[data-col=ipoib]").hasClass("bad"))
                .isTrue();
    }
}
