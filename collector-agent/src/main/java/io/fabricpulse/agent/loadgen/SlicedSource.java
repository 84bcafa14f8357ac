package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.model.ingest.NodeReport;

import java.util.ArrayList;
import java.util.List;

/** One simulated agent's share of the fabric: runs of nodes, possibly from two planes, reported as one poll. */
final class SlicedSource implements PortSource {

    private final List<SimSource> slices;

    SlicedSource(List<SimSource> slices) {
        this.slices = List.copyOf(slices);
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public List<NodeReport> poll() {
        if (slices.size() == 1) {
            return slices.getFirst().poll();
        }
        List<NodeReport> nodes = new ArrayList<>();
        for (SimSource slice : slices) {
            nodes.addAll(slice.poll());
        }
        return List.copyOf(nodes);
    }
}
