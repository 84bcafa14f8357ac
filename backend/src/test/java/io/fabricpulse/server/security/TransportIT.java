package io.fabricpulse.server.security;

import io.fabricpulse.server.testing.RawHttp;
import io.fabricpulse.server.testing.ServerTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.web.reactive.function.BodyInserters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20's transport findings, as the attack or the probe that found them: cookies without SameSite,
 * the TLS of the Helm ingress ignored (no Secure cookie, no HSTS), pages without a Content-Security-Policy,
 * a world-readable H2 file, and slow clients (a body or headers one byte every two seconds) that kept a
 * connection for a minute and more. One server, configured as the chart runs it behind its ingress
 * ({@code server.forward-headers-strategy}), with the state store in a file and short client time-outs.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "fabricpulse.security.admin-password={bcrypt}$2a$04$meyztND9bLaJYGN/SpRtCOYjT88C3tEj.Jqt3Jmc/ZubRfCdVvTra",
        "server.forward-headers-strategy=native",
        "fabricpulse.http.header-timeout=3s",
        "fabricpulse.http.read-timeout=3s",
        "fabricpulse.http.request-timeout=6s"})
@AutoConfigureWebTestClient(timeout = "30s")
class TransportIT {

    private static Path dataDir;

    @Autowired
    WebTestClient web;
    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void stateInAFile(DynamicPropertyRegistry registry) throws IOException {
        dataDir = Files.createTempDirectory("fabricpulse-transport-it").resolve("data");
        registry.add("fabricpulse.data-dir", dataDir::toString);
        registry.add("spring.r2dbc.url", () -> "r2dbc:h2:file:///" + dataDir + "/fabricpulse?options=DB_CLOSE_ON_EXIT=FALSE");
    }

    @Test
    void cookiesAreSameSiteLaxAndSecureOnlyBehindTls() {
        ResponseCookie plain = web.get().uri("/login").exchange().expectStatus().isOk()
                .returnResult(String.class).getResponseCookies().getFirst("XSRF-TOKEN");
        assertThat(plain.getSameSite()).isEqualTo("Lax");
        assertThat(plain.isSecure()).as("plain http: a Secure cookie would never come back").isFalse();

        EntityExchangeResult<String> behindTls = web.get().uri("/login").header("X-Forwarded-Proto", "https")
                .header("X-Forwarded-Host", "fabricpulse.example.com").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult();
        ResponseCookie csrf = behindTls.getResponseCookies().getFirst("XSRF-TOKEN");
        assertThat(csrf.getSameSite()).isEqualTo("Lax");
        assertThat(csrf.isSecure()).isTrue();
        assertThat(behindTls.getResponseHeaders().getFirst("Strict-Transport-Security"))
                .as("HSTS on HTTPS").startsWith("max-age=");

        String field = Jsoup.parse(behindTls.getResponseBody()).selectFirst("input[name=_csrf]").val();
        EntityExchangeResult<Void> signedIn = web.post().uri("/login").header("X-Forwarded-Proto", "https")
                .cookie("XSRF-TOKEN", csrf.getValue()).contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("username", ServerTest.ADMIN).with("password", ServerTest.ADMIN_PASSWORD)
                        .with("_csrf", field))
                .exchange().expectStatus().isFound().expectBody(Void.class).returnResult();
        ResponseCookie session = signedIn.getResponseCookies().getFirst("SESSION");
        assertThat(session.getSameSite()).isEqualTo("Lax");
        assertThat(session.isSecure()).isTrue();
        assertThat(session.isHttpOnly()).isTrue();
        assertThat(web.get().uri("/login").exchange().returnResult(String.class).getResponseHeaders()
                .getFirst("Strict-Transport-Security")).as("no HSTS over plain http").isNull();
    }

    @Test
    void everyPageCarriesAContentSecurityPolicyAndNoInlineScript() {
        for (String page : List.of("/login", "/", "/map", "/alerts", "/inventory", "/settings/webhooks",
                "/settings/tokens", "/settings/names", "/settings/baseline", "/settings/rules")) {
            EntityExchangeResult<String> answer = web.get().uri(page).accept(MediaType.TEXT_HTML)
                    .headers(h -> h.setBasicAuth(ServerTest.ADMIN, ServerTest.ADMIN_PASSWORD)).exchange()
                    .expectStatus().isOk().expectBody(String.class).returnResult();
            String policy = answer.getResponseHeaders().getFirst("Content-Security-Policy");
            assertThat(policy).as(page).isNotNull().contains("script-src 'self'").contains("object-src 'none'")
                    .contains("frame-ancestors 'none'").doesNotContain("unsafe-eval");
            assertThat(policy.replaceAll(".*script-src ([^;]*).*", "$1")).as(page).doesNotContain("unsafe");
            for (Element script : Jsoup.parse(answer.getResponseBody()).select("script")) {
                assertThat(script.hasAttr("src")).as(page + ": inline script " + script.outerHtml()).isTrue();
            }
            assertThat(Jsoup.parse(answer.getResponseBody()).select("*").stream()
                    .flatMap(element -> element.attributes().asList().stream())
                    .filter(attribute -> attribute.getKey().startsWith("on") || attribute.getValue().startsWith("javascript:"))
                    .toList()).as(page + ": inline event handlers").isEmpty();
        }
    }

    @Test
    void theStateFilesAreTheServersAlone() throws IOException {
        assertThat(Files.getPosixFilePermissions(dataDir)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
        Path database = dataDir.resolve("fabricpulse.mv.db");
        assertThat(database).exists();
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(database);
        assertThat(PosixFilePermissions.toString(mode)).isEqualTo("rw-------");
    }

    @Test
    void aBodyTrickledOneByteEveryTwoSecondsIsCutOff() throws IOException {
        try (RawHttp slow = RawHttp.connect(port)) {
            slow.send("POST /api/v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ServerTest.AGENT_TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n");
            Instant start = Instant.now();
            Instant cut = slow.trickle("{".repeat(12).getBytes(StandardCharsets.US_ASCII), Duration.ofSeconds(2));
            assertThat(cut).as("the server kept a slow body open for 12 bytes x 2 s").isNotNull();
            assertThat(Duration.between(start, cut)).isLessThan(Duration.ofSeconds(15));
        }
    }

    @Test
    void headersTrickledOneByteEveryTwoSecondsAreCutOff() throws IOException {
        try (RawHttp slow = RawHttp.connect(port)) {
            slow.send("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            Instant start = Instant.now();
            Instant cut = slow.trickle("X-Slow: abcd".getBytes(StandardCharsets.US_ASCII),
                    Duration.ofSeconds(2));
            assertThat(cut).as("the server waited for slow headers byte after byte").isNotNull();
            assertThat(Duration.between(start, cut)).isLessThan(Duration.ofSeconds(15));
        }
    }
}
