package io.fabricpulse.model.ingest;

/** IBA node types (NodeInfo.NodeType 1, 2, 3). */
public enum NodeType {
    CA, SWITCH, ROUTER
}
