package io.fabricpulse.model.ingest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A switch's unicast linear forwarding table as one read found it: SwitchInfo's LinearFdbTop and the
 * SMP LinearForwardingTable blocks (attribute 0x0019, 64 LIDs a block), what {@code ibroute} dumps. Only a
 * {@code discover}-role agent sends it, on a slow interval and after the fabric changed, on the switch's
 * {@link NodeReport}.
 *
 * <p>Each block is 128 lower-case hex digits, two per LID: block {@code i} holds the out-ports of LIDs
 * {@code 64i .. 64i+63}; {@code ff} means no route, {@code 00} the switch itself. A block that could not be
 * read is null, so what was read still counts. The ports are the switch's answer as read: one beyond the
 * switch's ports is the server's to judge, not the agent's to drop.
 *
 * @param lid          the switch's LID (its port 0) when the table was read
 * @param linearFdbTop SwitchInfo.LinearFdbTop: the highest LID the table holds
 * @param blocks       blocks {@code 0 .. linearFdbTop / 64}, each 128 hex digits or null when unread
 * @param readAt       when the read started
 */
public record ForwardingTable(int lid, int linearFdbTop, List<String> blocks, Instant readAt) {

    /** LIDs per LinearForwardingTable block. */
    public static final int BLOCK_LIDS = 64;
    /** The out-port of a LID the table has no route for. */
    public static final int NO_ROUTE = 0xFF;
    /** The highest unicast LID: every table ends at or below it. */
    public static final int MAX_UNICAST_LID = 0xBFFF;
    private static final Pattern BLOCK = Pattern.compile("[0-9a-f]{" + 2 * BLOCK_LIDS + "}");
    private static final HexFormat HEX = HexFormat.of();

    public ForwardingTable {
        blocks = blocks == null ? null : Collections.unmodifiableList(new ArrayList<>(blocks));
    }

    /** How many blocks a table up to {@code linearFdbTop} has. */
    public static int blockCount(int linearFdbTop) {
        return linearFdbTop / BLOCK_LIDS + 1;
    }

    /** One block's text from its 64 port bytes, as a LinearForwardingTable answer carries them. */
    public static String block(byte[] ports) {
        if (ports.length != BLOCK_LIDS) {
            throw new IllegalArgumentException("a block has " + BLOCK_LIDS + " ports, got " + ports.length);
        }
        return HEX.formatHex(ports);
    }

    /** True when {@code text} is a well-formed block: 128 lower-case hex digits. */
    public static boolean isBlock(String text) {
        return text != null && BLOCK.matcher(text).matches();
    }

    /** Blocks that could not be read. */
    public int unreadBlocks() {
        return (int) blocks.stream().filter(b -> b == null).count();
    }

    /**
     * The table as one byte per LID, {@code 0 .. linearFdbTop}: the out-port (unsigned), {@link #NO_ROUTE}
     * for a LID in an unread block. Assumes a table the server's validation accepted.
     */
    public byte[] ports() {
        byte[] ports = new byte[linearFdbTop + 1];
        for (int b = 0; b < blocks.size(); b++) {
            int first = b * BLOCK_LIDS;
            int count = Math.min(BLOCK_LIDS, ports.length - first);
            String block = blocks.get(b);
            for (int i = 0; i < count; i++) {
                ports[first + i] = block == null ? (byte) NO_ROUTE
                        : (byte) HEX.fromHexDigits(block, 2 * i, 2 * i + 2);
            }
        }
        return ports;
    }
}
