package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;

import java.util.List;
import java.util.Set;

/**
 * The topology as JSON: what {@code GET /api/v1/topology} answers and what {@code PUT
 * /api/v1/topology/baseline} takes back (names, clusters and health are then ignored: a baseline is
 * structure only). Widths and speeds are the enum names ({@code X4}, {@code EDR}).
 *
 * @param nodes the nodes, by GUID
 * @param links the cables, by their lower end
 */
public record TopologyDocument(List<Node> nodes, List<Link> links) {

    /**
     * @param guid        canonical node GUID
     * @param type        CA, SWITCH or ROUTER
     * @param name        display name: node-name-map entry, else description, else GUID
     * @param description node description as reported, null when unknown
     * @param numPorts    port count (live: the highest port seen cabled, or the baseline's count)
     * @param clusters    cluster groups the node is in
     */
    public record Node(String guid, NodeType type, String name, String description, int numPorts,
                       List<String> clusters) {
    }

    /**
     * @param a      the lower end
     * @param b      the higher end
     * @param width  active width, null when unknown
     * @param speed  active speed, null when unknown
     * @param health the counters of both ends combined; null in a baseline
     */
    public record Link(End a, End b, LinkWidth width, LinkSpeed speed, LinkHealth health) {
    }

    /**
     * One end of a cable.
     *
     * @param nodeGuid       the node
     * @param nodeName       its display name
     * @param port           port number
     * @param lid            LID, 0 when unknown (a switch port's is the switch's)
     * @param state          logical state, null when unknown
     * @param physicalState  physical state, null when unknown
     * @param width          active width as this end reports it
     * @param speed          active speed as this end reports it
     * @param widthSupported widths this end supports, empty when unknown
     * @param speedSupported speeds this end supports, empty when unknown
     */
    public record End(String nodeGuid, String nodeName, int port, int lid, PortState state,
                      PhysicalState physicalState, LinkWidth width, LinkSpeed speed, Set<LinkWidth> widthSupported,
                      Set<LinkSpeed> speedSupported) {
    }
}
