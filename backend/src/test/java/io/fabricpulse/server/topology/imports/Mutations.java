package io.fabricpulse.server.topology.imports;

import java.util.Arrays;
import java.util.Random;

/** Random small edits of a file, as a fuzzer makes them: flipped, deleted, inserted and duplicated bytes. */
public final class Mutations {

    private static final byte[] INTERESTING = {'"', '#', '[', ']', '=', '\n', '\r', ' ', '\t', '0', 'x', 'f', '-', 0,
            (byte) 0xC3, (byte) 0xFF, '\\'};

    private Mutations() {
    }

    public static byte[] mutate(byte[] original, Random random) {
        byte[] bytes = original.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && bytes.length > 0; e++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(4)) {
                case 0 -> bytes[at] = INTERESTING[random.nextInt(INTERESTING.length)];
                case 1 -> bytes = splice(bytes, at, 1 + random.nextInt(Math.min(8, bytes.length - at)), new byte[0]);
                case 2 -> bytes = splice(bytes, at, 0, new byte[] {INTERESTING[random.nextInt(INTERESTING.length)]});
                default -> {
                    int length = 1 + random.nextInt(Math.min(40, bytes.length - at));
                    bytes = splice(bytes, at, 0, Arrays.copyOfRange(bytes, at, at + length));
                }
            }
        }
        return bytes;
    }

    private static byte[] splice(byte[] bytes, int at, int remove, byte[] insert) {
        byte[] result = new byte[bytes.length - remove + insert.length];
        System.arraycopy(bytes, 0, result, 0, at);
        System.arraycopy(insert, 0, result, at, insert.length);
        System.arraycopy(bytes, at + remove, result, at + insert.length, bytes.length - at - remove);
        return result;
    }
}
