package io.fabricpulse.agent.report;

/** IBA node types (NodeInfo.NodeType 1, 2, 3). */
public enum NodeType {
    CA, SWITCH, ROUTER
}
