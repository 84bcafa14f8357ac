package io.fabricpulse.server.web.overview;

import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;

/** {@code GET /events/ports}: the overview's live updates as server-sent {@code ports} events. */
@RestController
class OverviewEventsController {

    private final LiveOverview live;

    OverviewEventsController(LiveOverview live) {
        this.live = live;
    }

    @GetMapping(path = "/events/ports", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    Flux<ServerSentEvent<OverviewSnapshot>> ports(ServerHttpResponse response) {
        // nginx buffers proxied responses by default, which would hold events back until its buffer fills.
        response.getHeaders().set("X-Accel-Buffering", "no");
        return live.events();
    }
}
