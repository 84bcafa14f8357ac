package io.fabricpulse.server.web.alerts;

import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;

/** {@code GET /events/live}: every live page's server-sent {@code live} events ({@link LiveAlerts}). */
@RestController
class LiveEventsController {

    private final LiveAlerts live;

    LiveEventsController(LiveAlerts live) {
        this.live = live;
    }

    @GetMapping(path = "/events/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    Flux<ServerSentEvent<AlertStrip>> live(ServerHttpResponse response) {
        // nginx buffers proxied responses by default, which would hold events back until its buffer fills.
        response.getHeaders().set("X-Accel-Buffering", "no");
        return live.events();
    }
}
