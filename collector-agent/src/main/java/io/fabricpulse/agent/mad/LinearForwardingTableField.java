package io.fabricpulse.agent.mad;

import java.util.stream.IntStream;

/**
 * SMP LinearForwardingTable (attribute 0x0019), one block: the out-ports of 64 consecutive LIDs, one byte
 * each (IBA 14.2.5.10); the attribute modifier is the block number, so block {@code b} holds LIDs
 * {@code 64b .. 64b+63}. {@code ibroute} reads the same blocks. Port 0 is the switch itself, 0xFF "no route".
 *
 * @param index the entry's place in the block, 0..63
 */
public record LinearForwardingTableField(int index) implements MadField {

    public static final int ENTRIES = 64;
    /** The block's entries in order: the table that decodes it. */
    private static final LinearForwardingTableField[] BLOCK = IntStream.range(0, ENTRIES)
            .mapToObj(LinearForwardingTableField::new).toArray(LinearForwardingTableField[]::new);

    public LinearForwardingTableField {
        if (index < 0 || index >= ENTRIES) {
            throw new IllegalArgumentException("LinearForwardingTable entry " + index + " (0..63)");
        }
    }

    @Override
    public String name() {
        return "Port" + index;
    }

    @Override
    public Spec spec() {
        return new Spec(8 * index, 8, FieldFormat.UINT);
    }

    /** The 64 out-ports of one answered block, as the attribute carries them. */
    public static byte[] decode(MadData data) {
        byte[] ports = new byte[ENTRIES];
        for (LinearForwardingTableField entry : BLOCK) {
            ports[entry.index()] = (byte) data.get(entry);
        }
        return ports;
    }
}
