package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.Guids;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Prints a {@link Topology} the way {@code ibnetdiscover} does, so that {@code ibsim -s} simulates
 * it and {@link TopologyParser} reads back an equal topology: each node is preceded by its
 * {@code vendid=}, {@code devid=}, {@code sysimgguid=} and {@code switchguid=}/{@code caguid=}/
 * {@code rtguid=} lines, node ids carry the GUID ({@code "S-<16 hex digits>"}), every cable is
 * listed from both ends with the far end's description and LID and the link's width and speed
 * ({@code ??}/{@code ???} for what the topology does not know, as ibnetdiscover prints unknown
 * values). Nothing time-dependent is written: the same topology always gives the same text.
 * What ibnetdiscover prints beyond the model (enhanced port 0, LMC, each end's own rate) comes from
 * {@link RecordDetails}, which a live discovery fills in; {@link #writeRecords} leaves the header to it.
 */
public final class TopologyWriter {

    private final Topology topology;
    private final RecordDetails details;
    private final Map<Long, TopologyNode> nodesByGuid = new HashMap<>();
    private final Map<LinkEnd, Link> linksByEnd = new HashMap<>();

    private TopologyWriter(Topology topology, RecordDetails details) {
        this.topology = topology;
        this.details = details;
        for (TopologyNode node : topology.nodes()) {
            nodesByGuid.put(node.guid(), node);
        }
        for (Link link : topology.links()) {
            linksByEnd.put(link.a(), link);
            linksByEnd.put(link.b(), link);
        }
    }

    /** The topology as ibnetdiscover text, under a one-line {@code title} comment. */
    public static String toText(Topology topology, String title) {
        StringBuilder text = new StringBuilder();
        write(topology, title, text);
        return text.toString();
    }

    public static void write(Topology topology, String title, Appendable out) {
        if (title.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("the title must be one line of text");
        }
        try {
            out.append("#\n# Topology file: ").append(title).append("\n#\n");
            new TopologyWriter(topology, RecordDetails.NONE).writeRecords(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The node records alone, each after a blank line, without a header: for callers that write
     * their own (ibnetdiscover's header names the time and the port the walk started from).
     */
    public static void writeRecords(Topology topology, RecordDetails details, Appendable out) {
        try {
            new TopologyWriter(topology, details).writeRecords(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeRecords(Appendable out) throws IOException {
        for (TopologyNode node : topology.nodes()) {
            out.append('\n');
            writeIds(node, out);
            writeHeader(node, out);
            for (int port = 1; port <= node.numPorts(); port++) {
                Link link = linksByEnd.get(new LinkEnd(node.guid(), port));
                if (link != null) {
                    writePort(node, port, link, out);
                }
            }
        }
    }

    private void writeIds(TopologyNode node, Appendable out) throws IOException {
        out.append("vendid=0x").append(Integer.toHexString(node.vendorId())).append('\n');
        out.append("devid=0x").append(Integer.toHexString(node.deviceId())).append('\n');
        if (details.writesSystemImageGuid(node)) {
            out.append("sysimgguid=0x").append(Long.toHexString(node.systemImageGuid())).append('\n');
        }
        switch (node.type()) {
            case SWITCH -> out.append("switchguid=0x").append(Long.toHexString(node.guid()))
                    .append('(').append(Long.toHexString(node.address(0).guid())).append(")\n");
            case CA -> out.append("caguid=0x").append(Long.toHexString(node.guid())).append('\n');
            case ROUTER -> out.append("rtguid=0x").append(Long.toHexString(node.guid())).append('\n');
        }
    }

    private void writeHeader(TopologyNode node, Appendable out) throws IOException {
        String keyword = switch (node.type()) {
            case SWITCH -> "Switch";
            case CA -> "Ca";
            case ROUTER -> "Rt";
        };
        out.append(keyword).append('\t').append(Integer.toString(node.numPorts())).append(' ').append(id(node))
                .append("\t\t# \"").append(node.description()).append('"');
        if (node.isSwitch()) {
            out.append(details.enhancedPort0(node) ? " enhanced" : " base").append(" port 0 lid ")
                    .append(Integer.toString(node.address(0).lid())).append(" lmc ")
                    .append(Integer.toString(details.lmc(node, 0)));
        }
        out.append('\n');
    }

    private void writePort(TopologyNode node, int port, Link link, Appendable out) throws IOException {
        LinkEnd farEnd = link.otherEnd(new LinkEnd(node.guid(), port));
        TopologyNode far = nodesByGuid.get(farEnd.nodeGuid());
        out.append('[').append(Integer.toString(port)).append(']');
        if (!node.isSwitch()) {
            out.append('(').append(Long.toHexString(node.address(port).guid())).append(") ");
        }
        out.append('\t').append(id(far)).append('[').append(Integer.toString(farEnd.port())).append(']');
        if (!far.isSwitch()) {
            out.append(node.isSwitch() ? "(" : " (").append(Long.toHexString(far.address(farEnd.port()).guid())).append(") ");
        }
        out.append("\t\t# ");
        if (!node.isSwitch()) {
            out.append("lid ").append(Integer.toString(node.address(port).lid())).append(" lmc ")
                    .append(Integer.toString(details.lmc(node, port))).append(' ');
        }
        out.append('"').append(far.description()).append("\" lid ").append(Integer.toString(lid(far, farEnd.port())));
        String rate = details.rate(node, port, link);
        if (rate != null) {
            out.append(' ').append(rate);
        }
        out.append('\n');
    }

    private static int lid(TopologyNode node, int port) {
        return node.isSwitch() ? node.address(0).lid() : node.address(port).lid();
    }

    /** The node id ibnetdiscover writes: type letter and the node GUID in 16 hex digits. */
    static String id(TopologyNode node) {
        char letter = switch (node.type()) {
            case SWITCH -> 'S';
            case CA -> 'H';
            case ROUTER -> 'R';
        };
        return "\"" + letter + "-" + Guids.format(node.guid()).substring(2) + "\"";
    }
}
