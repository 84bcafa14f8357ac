package io.fabricpulse.server.web.sm;

import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import io.fabricpulse.server.sm.SubnetManagerRegistry;
import io.fabricpulse.server.sm.store.SubnetManagerRepository;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.PageStateStore;
import io.fabricpulse.server.web.SignedInClient;
import io.fabricpulse.server.web.WebPageTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.fabricpulse.server.web.TestPorts.node;
import static io.fabricpulse.server.web.TestPorts.port;
import static org.assertj.core.api.Assertions.assertThat;

/** The subnet managers page: masters first, where each runs, what it answered, and an SM that stopped answering. */
@WebFluxTest(controllers = SubnetManagersPageController.class)
@Import({PageStateStore.class, SubnetManagersPageTest.Registry.class})
@WebPageTest
class SubnetManagersPageTest {

    private static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");
    private static final String VIA = "0x0000000000100000:1";

    @TestConfiguration(proxyBeanMethods = false)
    static class Registry {
        @Bean
        SubnetManagerRegistry subnetManagerRegistry(StateDatabase state) {
            return new SubnetManagerRegistry(new SubnetManagerRepository(state.client()), List.of());
        }
    }

    @Autowired
    ApplicationContext context;
    @Autowired
    InMemoryFabricView fabric;
    @Autowired
    SubnetManagerRegistry registry;

    private Document render() {
        return Jsoup.parse(SignedInClient.of(context).mutate().responseTimeout(Duration.ofSeconds(30)).build()
                .get().uri("/subnet-managers").accept(MediaType.TEXT_HTML).exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
    }

    @Test
    void saysWhenNoAgentCanAsk() {
        Document page = render();
        assertThat(page.selectFirst("nav[aria-label=Main] a[aria-current=page]").text()).isEqualTo("SMs");
        assertThat(page.selectFirst("[data-stat=masters] .detail").text()).contains("no agent asks");
    }

    @Test
    void listsMastersFirstWithWhereTheyRunAndWhatWentWrong() {
        fabric.publish(AT, List.of(node("sm-host-a", "0x0000000000100000", NodeType.CA, 1, AT),
                node("sm-host-b", "0x0000000000100006", NodeType.CA, 1, AT)),
                List.of(port("sm-host-a", "0x0000000000100000", 1).lid(1).build(),
                        port("sm-host-b", "0x0000000000100006", 1).lid(4).build()));
        registry.applied(new IngestBatch(1, "discoverer", 1, AT, "umad", List.of(), null, List.of(
                new SubnetManagerReport(4, "0x0000000000100007", 5, SmState.STANDBY, 42L, false, VIA, null, null),
                new SubnetManagerReport(1, "0x0000000000100001", 10, SmState.MASTER, 4711L, true, VIA, null, null),
                new SubnetManagerReport(9, null, null, null, null, false, VIA, "SMInfo of Lid 9: no answer", null),
                new SubnetManagerReport(7, "0x0000000000100009", 3, null, 1L, false, VIA, null,
                        List.of(new FieldFault("SmState", 12, "reserved"))))), false);

        Document page = render();

        assertThat(page.select("table.sm-table tbody tr")).extracting(r -> r.attr("data-lid"))
                .containsExactly("1", "4", "7", "9");
        Element master = page.selectFirst("table.sm-table tr[data-lid=1]");
        assertThat(master.text()).contains("0x0000000000100001", "sm-host-a port 1", "10", "MASTER", "4711");
        assertThat(page.selectFirst("table.sm-table tr[data-lid=4]").text()).contains("sm-host-b port 1", "STANDBY",
                "no (found by IsSM)");
        assertThat(page.selectFirst("table.sm-table tr[data-lid=7]").text()).contains("reserved", "SmState 12: reserved");
        assertThat(page.selectFirst("table.sm-table tr[data-lid=9]").text()).contains("never", "no answer");
        assertThat(page.selectFirst("[data-stat=masters] .value").text()).isEqualTo("1");
    }
}
