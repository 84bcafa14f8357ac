package io.fabricpulse.server.web;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.FabricWindows;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.fabric.RankedPort;
import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.PortWindows;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.rates.WindowRates;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A real, small {@link FabricView} for page tests: it holds what a test puts in and publishes an update
 * the way ingest does, so pages are tested against the contract, not against a mock of it.
 */
public class InMemoryFabricView implements FabricView, FabricWindows {

    private static final Comparator<NodeView> SWITCHES_FIRST_THEN_NAME = Comparator
            .comparing((NodeView n) -> n.type() != NodeType.SWITCH)
            .thenComparing(NodeView::name);

    // Same hot, latest-wins semantics the contract promises: slow subscribers lose updates, ingest never blocks.
    private final Sinks.Many<FabricUpdate> updates = Sinks.many().multicast().directBestEffort();
    private volatile List<NodeView> nodes = List.of();
    private volatile List<PortView> ports = List.of();

    /** Replaces the whole fabric and publishes one update carrying {@code ports}, collected {@code at}. */
    public synchronized void publish(Instant at, List<NodeView> newNodes, List<PortView> newPorts) {
        nodes = newNodes.stream().sorted(SWITCHES_FIRST_THEN_NAME).toList();
        ports = newPorts.stream().sorted(PortView.WORST_FIRST).toList();
        updates.emitNext(new FabricUpdate(at, "test-agent", ports), Sinks.EmitFailureHandler.FAIL_FAST);
    }

    /** Number of current subscribers to {@link #updates()}, so tests can wait for a live page to listen. */
    public int subscribers() {
        return updates.currentSubscriberCount();
    }

    @Override
    public List<NodeView> nodes() {
        return nodes;
    }

    @Override
    public List<PortView> ports() {
        return ports;
    }

    @Override
    public List<PortView> ports(Predicate<? super PortView> which) {
        return ports.stream().filter(which).toList();
    }

    @Override
    public Flux<FabricUpdate> updates() {
        return updates.asFlux();
    }

    // It holds each port's latest view only, no history: no window is known, as for a port seen once.

    @Override
    public Optional<PortWindows> windows(String nodeGuid, int portNumber) {
        return Optional.empty();
    }

    @Override
    public Optional<WindowRates> window(String nodeGuid, int portNumber, RateWindow window) {
        return Optional.empty();
    }

    @Override
    public List<RankedPort> worst(PortMetric metric, RateWindow window, int limit) {
        return List.of();
    }
}
