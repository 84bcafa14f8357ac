package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.web.PageParameters;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;

/** {@code GET /events/ports}: the overview's live updates as server-sent {@code ports} events. */
@RestController
class OverviewEventsController {

    private final LiveOverview live;
    private final ClusterDirectory clusters;

    OverviewEventsController(LiveOverview live, ClusterDirectory clusters) {
        this.live = live;
        this.clusters = clusters;
    }

    /** @param cluster only this cluster's nodes and ports, as on {@code /?cluster=} */
    @GetMapping(path = "/events/ports", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    Flux<ServerSentEvent<OverviewSnapshot>> ports(@RequestParam(name = "cluster", required = false) String cluster,
                                                  ServerHttpResponse response) {
        // nginx buffers proxied responses by default, which would hold events back until its buffer fills.
        response.getHeaders().set("X-Accel-Buffering", "no");
        if (cluster == null) {
            return live.events();
        }
        // Membership is read once per connection: a fabrics.conf import is rare, the browser reconnects anyway.
        return live.events(PageParameters.clusterMembers(clusters, cluster));
    }
}
