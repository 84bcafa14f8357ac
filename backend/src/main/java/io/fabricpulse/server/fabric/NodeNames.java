package io.fabricpulse.server.fabric;

/**
 * Names people gave nodes (a node-name-map), which win over node descriptions wherever a node is
 * shown. Looked up when views are read, so an imported map renames every node at once.
 */
@FunctionalInterface
public interface NodeNames {

    /** No names: descriptions (or GUIDs) everywhere. */
    NodeNames NONE = nodeGuid -> null;

    /** The mapped name of the node, or null when it has none. */
    String nameOf(String nodeGuid);
}
