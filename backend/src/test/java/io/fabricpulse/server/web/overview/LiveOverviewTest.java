package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.TopologyProperties;
import io.fabricpulse.server.topology.TopologyViews;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.UiProperties;
import org.junit.jupiter.api.Test;
import org.springframework.http.codec.ServerSentEvent;
import reactor.test.StepVerifier;

import org.springframework.util.unit.DataSize;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The live feed's timing, on virtual time: throttling, latest-wins and keep-alive. */
class LiveOverviewTest {

    private static final Duration INTERVAL = Duration.ofSeconds(1);
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

    private final InMemoryFabricView fabric = new InMemoryFabricView();

    private LiveOverview live() {
        UiProperties ui = new UiProperties(100, ZoneOffset.UTC, INTERVAL, KEEP_ALIVE);
        DisplayFormat format = new DisplayFormat(ZoneOffset.UTC);
        // No cables known to the topology: this test is about timing, the worst links have their own.
        TopologyViews topology = new TopologyViews(new TopologyChanges(new TopologyProperties(Duration.ofSeconds(30),
                DataSize.ofMegabytes(16)), Clock.systemUTC(), guid -> null, List.of()), fabric, fabric, new NodeNameDirectory(null),
                new ClusterDirectory(null));
        return new LiveOverview(fabric, new OverviewSnapshots(fabric, format, ui, new WorstLinks(topology, format)), ui);
    }

    @Test
    void sendsTheCurrentSnapshotFirstThenAtMostOnePerIntervalWithTheLatestState() {
        SampleFabric.publish(fabric, 1.0);

        StepVerifier.withVirtualTime(() -> live().events())
                .assertNext(first -> assertThat(leafRate(first)).isEqualTo("1"))
                .then(() -> {
                    // A burst of pushes within one interval ...
                    SampleFabric.publish(fabric, 2.0);
                    SampleFabric.publish(fabric, 3.0);
                    SampleFabric.publish(fabric, 4.0);
                })
                .expectNoEvent(Duration.ofMillis(999))
                // ... makes one event, with the state after the last of them.
                .thenAwait(Duration.ofMillis(1))
                .assertNext(second -> assertThat(leafRate(second)).isEqualTo("4"))
                .expectNoEvent(Duration.ofSeconds(5))
                .then(() -> SampleFabric.publish(fabric, 5.0))
                .thenAwait(INTERVAL)
                .assertNext(third -> assertThat(leafRate(third)).isEqualTo("5"))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void keepsAnIdleStreamOpenWithComments() {
        SampleFabric.publish(fabric, 1.0);

        StepVerifier.withVirtualTime(() -> live().events())
                .assertNext(first -> assertThat(first.event()).isEqualTo(LiveOverview.EVENT))
                .expectNoEvent(KEEP_ALIVE.minusMillis(1))
                .thenAwait(Duration.ofMillis(1))
                .assertNext(comment -> {
                    assertThat(comment.comment()).isEqualTo("keep-alive");
                    assertThat(comment.data()).isNull();
                    assertThat(comment.event()).isNull();
                })
                .thenAwait(KEEP_ALIVE)
                .assertNext(comment -> assertThat(comment.comment()).isEqualTo("keep-alive"))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void sharesOneSubscriptionToTheFabricBetweenBrowsers() {
        SampleFabric.publish(fabric, 1.0);
        LiveOverview live = live();

        var first = live.events().subscribe();
        var second = live.events().subscribe();
        assertThat(fabric.subscribers()).isEqualTo(1);

        first.dispose();
        assertThat(fabric.subscribers()).isEqualTo(1);
        second.dispose();
        assertThat(fabric.subscribers()).isZero();
    }

    private static String leafRate(ServerSentEvent<OverviewSnapshot> event) {
        return event.data().rows().stream()
                .filter(row -> row.key().equals(SampleFabric.LEAF01 + ":3"))
                .findFirst().orElseThrow()
                .symbolErrors().rate();
    }
}
