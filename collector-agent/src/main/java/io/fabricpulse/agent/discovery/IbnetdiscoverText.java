package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.RecordDetails;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.model.topology.TopologyWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A discovered fabric as {@code ibnetdiscover} (no options) prints it: its header, then one record per
 * node (the {@code vendid=}, {@code devid=}, {@code sysimgguid=}, {@code switchguid=}/{@code caguid=}
 * lines, the {@code Switch}/{@code Ca} line, one line per cabled port with the far end's id, port,
 * GUID, description and LID, the LID and LMC of a CA port, and each port's own active width and speed).
 * <p>
 * Compared with the real tool (DiscoverParityIT): every record, line for line and byte for byte, and
 * the header's {@code Initiated from} line. Different by nature:
 * <ul>
 * <li>the {@code generated on} time in the header's second line;</li>
 * <li>the order of the records: ibnetdiscover lists switches, then CAs, then routers, each in the
 *     reverse order its answers happened to arrive; we use the same kinds order and reverse order of
 *     each node's shortest route, which is the same on every run;</li>
 * <li>what the topology format cannot carry: a double quote in a description is printed as a single
 *     quote, and an empty or unanswered description as the node id ({@code H-<guid>}), where
 *     ibnetdiscover prints them raw or empty;</li>
 * <li>FDR10 (read by ibnetdiscover from a Mellanox vendor attribute on QDR links of some Mellanox
 *     devices) shows as QDR, and XDR (LinkSpeedExtActive2) as {@code ???};</li>
 * <li>ibnetdiscover's options (grouping by chassis, node-name map, cache files, lists) are not offered.</li>
 * </ul>
 */
public final class IbnetdiscoverText {

    /** ctime(3): {@code Sat Nov  1 00:07:22 2026}. */
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy",
            Locale.ENGLISH);

    private IbnetdiscoverText() {
    }

    public static String of(DiscoveredFabric fabric, ZonedDateTime generatedAt) {
        StringBuilder text = new StringBuilder();
        write(fabric, generatedAt, text);
        return text.toString();
    }

    public static void write(DiscoveredFabric fabric, ZonedDateTime generatedAt, Appendable out) {
        try {
            out.append("#\n# Topology file: generated on ").append(CTIME.format(generatedAt)).append("\n#\n")
                    .append("# Initiated from node ").append("%016x".formatted(fabric.startNodeGuid()))
                    .append(" port ").append("%016x".formatted(fabric.startPortGuid())).append('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TopologyWriter.writeRecords(fabric.topology(), new Details(fabric), out);
    }

    /** What the answers say beyond the topology model. */
    private record Details(DiscoveredFabric fabric) implements RecordDetails {

        @Override
        public boolean enhancedPort0(TopologyNode node) {
            return fabric.node(node.guid()).enhancedPort0();
        }

        @Override
        public int lmc(TopologyNode node, int port) {
            PortInfo info = fabric.node(node.guid()).ports().get(port);
            return info == null ? 0 : info.lmc();
        }

        /** Each end prints its own port's rate, as ibnetdiscover does; {@code ?????} when it did not answer. */
        @Override
        public String rate(TopologyNode node, int port, Link link) {
            PortInfo info = fabric.node(node.guid()).portInfo(port);
            return info == null ? "?????" : LinkRates.text(info);
        }

        @Override
        public boolean writesSystemImageGuid(TopologyNode node) {
            return node.systemImageGuid() != 0;
        }
    }
}
