package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.ForwardingTable;
import io.fabricpulse.model.ingest.NodeType;

import java.time.Instant;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The shape of a switch's forwarding table: a switch's, with its LID, a top within the unicast range,
 * exactly the blocks that top needs and each of them 128 hex digits or null (unread). What the ports in
 * the blocks say is the routes feature's to judge: a port beyond the switch's is the fabric's fault, not
 * the batch's, and is reported there without refusing the sample.
 */
final class ForwardingTableChecks {

    private ForwardingTableChecks() {
    }

    /** @param checkTime checks {@code readAt} as every time of a batch is checked */
    static void check(String path, NodeType type, ForwardingTable table, BiConsumer<String, Instant> checkTime,
                      Violations v) {
        if (table == null) {
            return;
        }
        if (type != NodeType.SWITCH) {
            v.add(path, "only a switch has a forwarding table; this node is a " + type);
            return;
        }
        range(path + ".lid", table.lid(), 1, ForwardingTable.MAX_UNICAST_LID, v);
        range(path + ".linearFdbTop", table.linearFdbTop(), 0, ForwardingTable.MAX_UNICAST_LID, v);
        checkTime.accept(path + ".readAt", table.readAt());
        List<String> blocks = table.blocks();
        if (blocks == null) {
            v.add(path + ".blocks", "missing; the blocks 0 .. linearFdbTop/64, each 128 hex digits or null");
            return;
        }
        int expected = ForwardingTable.blockCount(Math.clamp(table.linearFdbTop(), 0, ForwardingTable.MAX_UNICAST_LID));
        if (blocks.size() != expected) {
            v.add(path + ".blocks", "linearFdbTop " + table.linearFdbTop() + " needs " + expected + " blocks, got "
                    + blocks.size());
            return;
        }
        for (int i = 0; i < blocks.size(); i++) {
            String block = blocks.get(i);
            if (block != null && !ForwardingTable.isBlock(block)) {
                v.add(path + ".blocks[" + i + "]", "must be 128 lower-case hex digits (64 ports) or null, got "
                        + BatchValidator.quoted(block));
            }
        }
    }

    private static void range(String path, int value, int min, int max, Violations v) {
        if (value < min || value > max) {
            v.add(path, "must be " + min + ".." + max + ", got " + value);
        }
    }
}
