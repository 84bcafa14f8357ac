package io.fabricpulse.server.security;

import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

import java.net.InetSocketAddress;

/**
 * The client's address, for the sign-in throttle and the audit log: what the connection says, or, behind
 * the ingress ({@code server.forward-headers-strategy}), what the proxy says it was. Put in the request's
 * Reactor context by the filter, read by whatever the filter chain calls below it.
 */
final class ClientAddress implements WebFilter {

    private static final String KEY = ClientAddress.class.getName();
    static final String UNKNOWN = "unknown address";

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String address = of(exchange);
        return chain.filter(exchange).contextWrite(context -> context.put(KEY, address));
    }

    /** The current request's client address; {@link #UNKNOWN} outside a request. */
    static Mono<String> current() {
        return Mono.deferContextual(context -> Mono.just(context.getOrDefault(KEY, UNKNOWN)));
    }

    static String of(ServerWebExchange exchange) {
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        if (remote == null) {
            return UNKNOWN;
        }
        return remote.getAddress() == null ? remote.getHostString() : remote.getAddress().getHostAddress();
    }
}
