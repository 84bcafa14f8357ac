package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.NodeType;

import java.util.List;

/**
 * One route, hop by hop, as {@code ibtracert} prints it: from a port, each cable crossed (the port it
 * leaves by and the port it enters), to a port.
 *
 * @param from    where it starts (a switch starts at its port 0)
 * @param to      where it is meant to end
 * @param hops    each cable crossed, in order
 * @param outcome {@link Outcome#ARRIVED}, or why it ends before {@code to}
 * @param stuckAt where it ended short (the switch and the port its table named), null when it arrived or looped
 */
public record RouteTrace(Port from, Port to, List<Hop> hops, Outcome outcome, Port stuckAt) {

    public RouteTrace {
        hops = List.copyOf(hops);
    }

    /**
     * A port on the way.
     *
     * @param nodeGuid canonical node GUID
     * @param name     node-name-map name, else the node description
     * @param type     CA, SWITCH or ROUTER
     * @param port     port number (0: a switch itself)
     * @param lid      its LID (a switch port's is the switch's)
     */
    public record Port(String nodeGuid, String name, NodeType type, int port, int lid) {
    }

    /** Leaving by {@code outPort}, entering {@code to}. */
    public record Hop(int outPort, Port to) {
    }
}
