package io.fabricpulse.server.system;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Time limits for slow clients on the web server (Reactor Netty): a request body read with at most
 * {@code read-timeout} between reads and {@code request-timeout} in all (Reactor Netty's own limits), and
 * a request's headers complete within {@code header-timeout} of the connection's start or its previous
 * answer ({@link HeaderDeadline}): Reactor Netty's idle timeout restarts at every byte read, so headers
 * trickled a byte every two seconds would never end without it.
 */
final class SlowClients implements NettyServerCustomizer {

    private static final Logger log = LoggerFactory.getLogger(SlowClients.class);
    static final String HANDLER = "fabricpulse.headerDeadline";

    private final HttpTimeoutsProperties timeouts;

    SlowClients(HttpTimeoutsProperties timeouts) {
        this.timeouts = timeouts;
    }

    @Override
    public HttpServer apply(HttpServer server) {
        return server.readTimeout(timeouts.readTimeout())
                .requestTimeout(timeouts.requestTimeout())
                .doOnChannelInit((observer, channel, address) -> {
                    if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                        channel.pipeline().addAfter(NettyPipeline.HttpCodec, HANDLER,
                                new HeaderDeadline(timeouts.headerTimeout()));
                    } else {
                        log.warn("no HTTP/1.1 codec on a new connection ({}); its headers have no time limit",
                                channel.pipeline().names());
                    }
                });
    }

    /**
     * Closes a connection whose next request's headers are not complete within the limit: armed when the
     * connection starts and when an answer is written, disarmed when a request's headers are decoded. Not
     * shared: one per connection, on its event loop.
     */
    static final class HeaderDeadline extends ChannelDuplexHandler {

        private final long nanos;
        private ScheduledFuture<?> deadline;

        HeaderDeadline(Duration limit) {
            this.nanos = limit.toNanos();
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            arm(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                disarm();
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof LastHttpContent) {
                promise.addListener(written -> arm(ctx));
            }
            ctx.write(msg, promise);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            disarm();
            ctx.fireChannelInactive();
        }

        private void arm(ChannelHandlerContext ctx) {
            disarm();
            if (ctx.channel().isActive() || !ctx.channel().isRegistered()) {
                deadline = ctx.executor().schedule(() -> {
                    log.debug("closing {}: no complete request headers within {} ms", ctx.channel(), nanos / 1_000_000);
                    ctx.close();
                }, nanos, TimeUnit.NANOSECONDS);
            }
        }

        private void disarm() {
            if (deadline != null) {
                deadline.cancel(false);
                deadline = null;
            }
        }
    }
}
