package io.fabricpulse.server.web.map;

import io.fabricpulse.server.topology.LinkHealth.Status;

import java.util.List;

/**
 * What the map draws, folded on the server so that a 10,000-host fabric is a few hundred drawn nodes and
 * bundles rather than a megabyte of cables for the browser to fold: {@code GET /api/v1/topology/map}.
 *
 * @param tiers   how many switch tiers the fabric has (1 = leaves only, 2 = spine-leaf, 3 = three-tier ...)
 * @param nodes   drawn nodes: switches, groups of switches of one tier, and the hosts under a leaf (or group)
 * @param edges   bundles: all cables between two drawn nodes, with their count and worst health
 * @param summary the whole fabric's counts, not only what is drawn
 * @param worst   the worst cables, worst first (at most {@link MapFolder#WORST}), for the side panel
 */
public record MapGraph(int tiers, List<Node> nodes, List<Edge> edges, Summary summary, List<Cable> worst) {

    public enum Kind { SWITCH, SWITCH_GROUP, HOSTS }

    /**
     * @param id      stable id: a switch's GUID, {@code group:<tier>:<first member GUID>}, {@code hosts:<id>}
     * @param label   the short name shown on the map
     * @param name    the full name (hover): a switch's display name, or the group's members
     * @param tier    0 for hosts, 1 for leaves, up to {@code tiers}
     * @param order   position within its tier, left to right
     * @param members how many switches or hosts it stands for
     * @param status  the worst health of its cables (its own, for a group also those inside it)
     */
    public record Node(String id, Kind kind, String label, String name, int tier, int order, int members,
                       Status status) {
    }

    /**
     * @param cables          how many cables the bundle holds
     * @param status          the worst of them
     * @param load            the busiest cable's load (0..1), null when no cable has a data rate yet
     * @param errorsPerSecond the sum of their error rates
     * @param problems        how many are not OK (down, errors, degraded)
     */
    public record Edge(String id, String source, String target, int cables, Status status, Double load,
                       double errorsPerSecond, int problems) {
    }

    /** Counts over every cable of the fabric by health. */
    public record Summary(int nodes, int switches, int hosts, int cables, int down, int errors, int degraded, int ok,
                          int unknown) {
    }

    /** One cable for the side panel: both ends named, and the drawn bundle it is in. */
    public record Cable(String edge, End a, End b, Status status, double errorsPerSecond, Double load) {
    }

    /** @param label the short name the map shows; {@code name} the full one */
    public record End(String nodeGuid, String name, String label, int port) {
    }
}
