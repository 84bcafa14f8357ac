package io.fabricpulse.server.alerting;

/**
 * What an alert is about, with a stable text key. A link's key is the same whichever end reports:
 * the two ends sorted, so both ends of a bad cable land on one alert.
 *
 * @param scope    port, link, node, agent or fabric
 * @param key      stable identity, such as {@code link:0x..01/1-0x..02/7} or {@code node:0x..01}
 * @param nodeGuid the (first) node concerned, null for agent and fabric subjects
 * @param peerGuid the node at the other end of a link, else null
 */
public record AlertSubject(AlertScope scope, String key, String nodeGuid, String peerGuid) {

    public static AlertSubject port(PortRef port) {
        return new AlertSubject(AlertScope.PORT, "port:" + port, port.nodeGuid(), null);
    }

    /** The link between two ports, the same subject for (a, b) and (b, a). */
    public static AlertSubject link(PortRef one, PortRef other) {
        PortRef first = one.compareTo(other) <= 0 ? one : other;
        PortRef second = first == one ? other : one;
        return new AlertSubject(AlertScope.LINK, linkKey(first, second), first.nodeGuid(), second.nodeGuid());
    }

    /** The text of a link's key, for silences by link: ends in either order. */
    public static String linkKey(PortRef one, PortRef other) {
        PortRef first = one.compareTo(other) <= 0 ? one : other;
        PortRef second = first == one ? other : one;
        return "link:" + first + "-" + second;
    }

    public static AlertSubject node(String nodeGuid) {
        return new AlertSubject(AlertScope.NODE, "node:" + nodeGuid, nodeGuid, null);
    }

    public static AlertSubject agent(String agentId) {
        return new AlertSubject(AlertScope.AGENT, "agent:" + agentId, null, null);
    }

    /** Something about the whole fabric, such as {@code fabric:sm}. */
    public static AlertSubject fabric(String name) {
        return new AlertSubject(AlertScope.FABRIC, "fabric:" + name, null, null);
    }
}
