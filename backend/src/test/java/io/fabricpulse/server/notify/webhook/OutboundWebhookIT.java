package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.web.SignedInClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.csrf;

/**
 * Issue 20's outbound findings as the attack: an admin (or whoever has an admin's session) aims a webhook
 * inward, at the cloud's metadata service, the server's own loopback ports or the private network, in
 * every spelling a URL allows, and reads what answered through the test action. The test server allows
 * 127.0.0.1/32 only (the local sinks), as an operator would name an internal chat server's range.
 * <p>
 * Every URL here is refused before anything is sent; a webhook this test ever created is deleted at once
 * and filtered to a cluster that does not exist, so no notice could go to it even where the check is missing.
 */
class OutboundWebhookIT extends ServerTest {

    /** Inward targets in the spellings that reach them: none may be stored. */
    static final List<String> INWARD = List.of(
            "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
            "http://metadata.google.internal/computeMetadata/v1/",
            "http://metadata.google.internal./computeMetadata/v1/",
            "http://[fd00:ec2::254]/latest/meta-data/",
            "http://2852039166/latest/meta-data/",
            "http://0xA9FEA9FE/latest/meta-data/",
            "http://0251.0376.0251.0376/latest/meta-data/",
            "http://169.254.43518/",
            "http://[::ffff:169.254.169.254]/",
            "http://[::ffff:a9fe:a9fe]/",
            "http://127.0.0.5:8080/actuator/health",
            "http://127.1/",
            "http://0/",
            "http://0.0.0.0:22/",
            "http://[::1]:5432/",
            "http://[::]/",
            "http://localhost:6379/",
            "http://app.localhost/",
            "http://10.0.0.1/",
            "http://172.16.5.4/",
            "http://192.168.1.1/admin",
            "http://100.64.0.1/",
            "http://[fe80::1]/",
            "http://[fc00::1]/",
            "https://[64:ff9b::a9fe:a9fe]/");

    @Autowired
    ApplicationContext context;

    private WebTestClient admin;
    private WebhookSink sink;

    @BeforeEach
    void signIn() {
        admin = SignedInClient.as(context, Role.ADMIN).mutateWith(csrf());
        sink = WebhookSink.start();
    }

    @AfterEach
    void closeSink() {
        sink.close();
    }

    @Test
    void webhooksAimedInwardAreRefusedInEverySpelling() {
        for (String url : INWARD) {
            var answer = admin.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(body("slack", url)).exchange().returnResult(String.class);
            String created = answer.getResponseHeaders().getFirst("Location");
            if (created != null) {
                admin.delete().uri(created).exchange();
            }
            assertThat(created).as(url + " must not be stored").isNull();
            assertThat(answer.getStatus().value()).as(url).isEqualTo(400);
            assertThat(answer.getResponseBody().blockFirst()).as(url).contains("\"path\":\"url\"");
        }
    }

    @Test
    void theTestActionSaysDeliveredOrNotAndTheStatusNeverTheTargetsBody() throws Exception {
        sink.thenAnswer(WebhookSink.Answer.status(404), WebhookSink.Answer.status(500));
        String id = create(body("slack", sink.url("/hook").toString()));

        Map<String, Object> notFound = test(id);
        Map<String, Object> failing = test(id);
        delete(id);

        assertThat(notFound).isEqualTo(Map.of("delivered", false, "status", 404));
        assertThat(failing).isEqualTo(Map.of("delivered", false, "status", 500));
        int closed;
        try (ServerSocket free = new ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        String closedId = create(body("slack", "http://127.0.0.1:" + closed + "/hook"));
        assertThat(test(closedId)).as("a closed port says no more than 'not delivered'")
                .isEqualTo(Map.of("delivered", false));
        delete(closedId);
    }

    @Test
    void aRedirectIsNotFollowed() {
        try (WebhookSink elsewhere = WebhookSink.start()) {
            sink.thenAnswer(WebhookSink.Answer.status(302, "Location", elsewhere.url("/stolen").toString()));
            String id = create(body("slack", sink.url("/hook").toString()));

            assertThat(test(id)).isEqualTo(Map.of("delivered", false, "status", 302));
            delete(id);
            assertThat(elsewhere.received()).isEmpty();
        }
    }

    private String create(String json) {
        String location = admin.post().uri("/api/v1/webhooks").contentType(MediaType.APPLICATION_JSON).bodyValue(json)
                .exchange().expectStatus().isCreated().returnResult(String.class).getResponseHeaders().getFirst("Location");
        return location.replace("/api/v1/webhooks/", "");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> test(String id) {
        Map<String, Object> answer = admin.post().uri("/api/v1/webhooks/" + id + "/test").exchange()
                .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return answer;
    }

    private void delete(String id) {
        admin.delete().uri("/api/v1/webhooks/" + id).exchange().expectStatus().isNoContent();
    }

    private static String body(String type, String url) {
        return "{\"name\":\"probe\",\"type\":\"" + type + "\",\"url\":\"" + url + "\",\"secret\":\"0123456789abcdef0123\","
                + "\"clusters\":[\"no-such-cluster-ever\"]}";
    }
}
