package io.fabricpulse.server.problem;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.adapter.HttpWebHandlerAdapter;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.test.StepVerifier;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client that hangs up in the middle of its request, on a real Reactor Netty server behind Spring's
 * web handler chain, as an agent past its push timeout does to an overloaded server: without
 * the handler Spring logs "500 Server Error" with the client's AbortedException at ERROR; with it
 * nothing is logged at ERROR. Other errors go on to Spring's handling unchanged.
 */
class ClientGoneHandlerTest {

    @Test
    void aClientThatHangsUpBeforeTheAnswerLeavesNoErrorInTheLog() throws Exception {
        assertThat(errorsLoggedWhenTheClientHangsUp(List.of(new ClientGoneHandler()))).isEmpty();
    }

    @Test
    void withoutItSpringLogsTheHangUpAsAServerError() throws Exception {
        assertThat(errorsLoggedWhenTheClientHangsUp(List.of())).singleElement()
                .satisfies(message -> assertThat(message).contains("500 Server Error", "AbortedException"));
    }

    @Test
    void anyOtherErrorGoesOnUnchanged() {
        IllegalStateException fault = new IllegalStateException("a real fault");
        StepVerifier.create(new ClientGoneHandler().handle(null, fault)).expectErrorSatisfies(error ->
                assertThat(error).isSameAs(fault)).verify(Duration.ofSeconds(5));
    }

    /**
     * Sends the start of a request body, hangs up after 300 ms, as an agent does whose push timed out
     * while the server was too busy to read it, and returns what Spring's web handler adapter logged at
     * ERROR meanwhile (message and exception).
     */
    private static List<String> errorsLoggedWhenTheClientHangsUp(List<WebExceptionHandler> handlers)
            throws Exception {
        Logger adapterLog = (Logger) LoggerFactory.getLogger(HttpWebHandlerAdapter.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        adapterLog.addAppender(logged);
        CountDownLatch ended = new CountDownLatch(1);
        var route = RouterFunctions.route().POST("/api/v1/ingest", request -> request.bodyToMono(String.class)
                .then(Mono.delay(Duration.ofSeconds(30)))
                .then(ServerResponse.accepted().build())
                .doFinally(signal -> ended.countDown())).build();
        HttpHandler handler = WebHttpHandlerBuilder.webHandler(RouterFunctions.toWebHandler(route))
                .exceptionHandlers(list -> list.addAll(handlers)).build();
        DisposableServer server = HttpServer.create().host("127.0.0.1").port(0)
                .handle(new ReactorHttpHandlerAdapter(handler)).bindNow(Duration.ofSeconds(10));
        try {
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST /api/v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 1000\r\n\r\n{\"agentId\":").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(300);
            }
            assertThat(ended.await(10, TimeUnit.SECONDS)).as("the server noticed the hang-up").isTrue();
            Thread.sleep(300); // the adapter logs after the handler's chain ended
            return logged.list.stream().filter(event -> event.getLevel() == Level.ERROR)
                    .map(event -> event.getFormattedMessage() + " " + (event.getThrowableProxy() == null ? ""
                            : event.getThrowableProxy().getClassName()))
                    .toList();
        } finally {
            adapterLog.detachAppender(logged);
            server.disposeNow(Duration.ofSeconds(5));
        }
    }
}
