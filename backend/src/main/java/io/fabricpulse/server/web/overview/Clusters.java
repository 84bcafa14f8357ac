package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.state.names.ClusterMemberRepository;
import io.fabricpulse.server.state.names.ClusterMemberRow;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The cluster groups the overview filters by ({@code ?cluster=}), as imported from a fabrics.conf: what
 * {@code ibcheck -C <cluster>} does by hand.
 */
@Component
class Clusters {

    private final ClusterMemberRepository members;

    Clusters(ClusterMemberRepository members) {
        this.members = members;
    }

    /** Every cluster's name, sorted. */
    Mono<List<String>> names() {
        return members.all().map(ClusterMemberRow::cluster).distinct().collectList();
    }

    /** The node GUIDs of {@code cluster}; a 404 naming the known clusters when it has no members. */
    Mono<Set<String>> members(String cluster) {
        return members.members(cluster).collect(Collectors.toSet()).flatMap(guids -> guids.isEmpty()
                ? names().flatMap(names -> Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND,
                        "no cluster '" + cluster + "'; " + (names.isEmpty()
                                ? "no clusters have been imported (fabrics.conf)"
                                : "the clusters are " + String.join(", ", names)))))
                : Mono.just(guids));
    }
}
