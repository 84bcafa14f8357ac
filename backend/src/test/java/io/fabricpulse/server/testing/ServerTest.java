package io.fabricpulse.server.testing;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.boot.webtestclient.autoconfigure.WebTestClientBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import java.nio.charset.StandardCharsets;

/**
 * The one server configuration most web tests share, so Spring starts it once per test run: the
 * real server on a random port with an agent token, a known admin password, a viewer and an operator
 * (bcrypt cost 4 to keep tests fast) and small body limits so the limit tests need small bodies.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "fabricpulse.security.admin-password={bcrypt}$2a$04$meyztND9bLaJYGN/SpRtCOYjT88C3tEj.Jqt3Jmc/ZubRfCdVvTra",
        "fabricpulse.security.users[0].name=" + ServerTest.VIEWER,
        "fabricpulse.security.users[0].password={bcrypt}$2a$04$zRfMt1drtBrIc/7oZAEHmOfkz65aXRJBeJ7a0hqf.pYzN.mldVnty",
        "fabricpulse.security.users[0].role=viewer",
        "fabricpulse.security.users[1].name=" + ServerTest.OPERATOR,
        "fabricpulse.security.users[1].password={bcrypt}$2a$04$fENFv2i0IJPm48jYDWZLJe3FduSf4eQcjdPpgiObKfZc7bjQsz3xG",
        "fabricpulse.security.users[1].role=operator",
        "fabricpulse.ingest.max-body-size=64KB",
        "fabricpulse.ingest.max-decompressed-size=1MB",
        // The local webhook sinks listen on 127.0.0.1; every other inward address stays refused.
        "fabricpulse.notify.allowed-ranges=127.0.0.1/32",
        "fabricpulse.ingest.max-ports-per-batch=1000",
        // An agent's long-poll with nothing for it is answered after this (the role matrix calls it as an agent).
        "fabricpulse.ingest.poll.hold=2s",
        // Chart and API tests ingest history at fixed dates in 2026; the default of 7 days is the validator's test.
        "fabricpulse.ingest.max-sample-age=3650d"})
// 30 s, not 5: the test machine is shared, and a first page render under load can take longer.
@AutoConfigureWebTestClient(timeout = "30s")
@Import(ServerTest.FreshConnections.class)
public abstract class ServerTest {

    /**
     * Every request on a new connection. The shared client's pool outlives test classes, and twice a
     * request on a connection pooled by an earlier class waited out the 30 s timeout without an answer:
     * Reactor Netty up to 1.3.7 stopped reading some keep-alive connections (reactor/reactor-netty#4361,
     * fixed by 1.3.8, pinned in the root pom and guarded by web.KeepAliveConnectionTest). Fresh
     * connections still keep one class's traffic from deciding another's result; what these tests check is
     * the server's answer, not keep-alive reuse.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class FreshConnections {

        @Bean
        WebTestClientBuilderCustomizer freshConnectionPerRequest() {
            return builder -> builder.clientConnector(
                    new ReactorClientHttpConnector(HttpClient.create(ConnectionProvider.newConnection())));
        }
    }

    public static final String AGENT_TOKEN = "test-agent-token-7f3a9c";
    public static final String ADMIN = "admin";
    public static final String ADMIN_PASSWORD = "test-admin-password";
    public static final String VIEWER = "viewer";
    public static final String VIEWER_PASSWORD = "test-viewer-password";
    public static final String OPERATOR = "operator";
    public static final String OPERATOR_PASSWORD = "test-operator-password";

    @Autowired
    protected WebTestClient web;

    /** POST /api/v1/ingest as an agent with the right token. */
    protected WebTestClient.ResponseSpec ingest(String json) {
        return ingest(json.getBytes(StandardCharsets.UTF_8));
    }

    protected WebTestClient.ResponseSpec ingest(byte[] body) {
        return web.post().uri("/api/v1/ingest")
                .headers(h -> h.setBearerAuth(AGENT_TOKEN))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    /** GET as the admin. */
    protected WebTestClient.ResponseSpec read(String uri) {
        return web.get().uri(uri).headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD)).exchange();
    }

    /** The whole port list as the API shows it, to compare before and after a refused request. */
    protected String portsSnapshot() {
        return read("/api/v1/ports").expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
    }
}
