package io.fabricpulse.server.web.inventory;

import io.fabricpulse.server.web.PageStateStore;
import org.springframework.context.annotation.Import;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.SignedInClient;
import io.fabricpulse.server.web.WebPageTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Duration;

/** The inventory's web slice, shared by its page test and the layout test (one application context). */
@WebFluxTest(controllers = InventoryController.class)
@Import(PageStateStore.class)
@WebPageTest
abstract class InventorySliceTest {

    @Autowired
    ApplicationContext context;
    @Autowired
    InMemoryFabricView fabric;
    WebTestClient client;

    @BeforeEach
    void signIn() {
        // The first page of a run compiles its templates: on a busy 2-core machine that can take seconds.
        client = SignedInClient.of(context).mutate().responseTimeout(Duration.ofSeconds(30)).build();
    }

    Document render(String uri) {
        return Jsoup.parse(client.get().uri(uri).accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody());
    }
}
