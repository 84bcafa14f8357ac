package io.fabricpulse.server.problem;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;

/**
 * A request whose client hung up in the middle of it (an agent past its push timeout while the server
 * was too busy to read its body, a browser leaving a page) ends here, quietly: Reactor Netty's
 * {@link AbortedException}. Spring's last-resort handler would log it as "500 Server Error" with a
 * stack trace at ERROR when no answer has started yet, although nothing failed on our side and nobody is
 * left to answer. Only that exception: Spring's wider test for a gone client also matches "connection
 * reset" in any cause, which a failed call of ours to another server must not be mistaken for.
 * Ordered before Spring Boot's error handler (-1); every other error goes on to it unchanged.
 */
@Component
@Order(-2)
public class ClientGoneHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ClientGoneHandler.class);

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
        if (!(ex instanceof AbortedException)) {
            return Mono.error(ex);
        }
        log.debug("{}client gone before the answer to {} {}: {}", exchange.getLogPrefix(),
                exchange.getRequest().getMethod(), exchange.getRequest().getPath(), ex.toString());
        // Nobody reads it; should a client still be there after all, it must not take this for success.
        exchange.getResponse().setStatusCode(HttpStatus.INTERNAL_SERVER_ERROR);
        return Mono.empty();
    }
}
