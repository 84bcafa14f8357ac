package io.fabricpulse.agent.spool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * File names in a spool directory, for one agent id: {@code <id>.<sequence>.batch}, the sequence as 19
 * zero-padded digits so that {@code ls} lists the oldest first, like the agent replays them. Several agents
 * may share a directory; each only touches files with its own id. A file being written is
 * {@code .<id>.<sequence>.batch.tmp} until its rename, and {@code <id>.lock} keeps a second process with the
 * same id out.
 * <p>
 * The id is written with every byte other than letters, digits, {@code _}, {@code -} and a non-leading
 * {@code .} as {@code %XX}, so any id makes a valid, unambiguous file name; an id whose encoded form is
 * longer than {@value #MAX_ID_CHARS} characters is cut and followed by {@code ~} and 16 hex digits of its
 * SHA-256, which keeps names within the 255 bytes filesystems allow.
 */
final class SpoolNames {

    static final int MAX_ID_CHARS = 100;
    static final String BATCH_SUFFIX = ".batch";
    private static final String TEMP_SUFFIX = ".tmp";
    private static final int SEQUENCE_DIGITS = 19;
    private static final int KEPT_WHEN_CUT = 80;

    private final String id;

    SpoolNames(String agentId) {
        this.id = encode(agentId);
    }

    /** The agent id as it appears in file names. */
    String encodedId() {
        return id;
    }

    String batchFile(long sequence) {
        if (sequence < 0) {
            throw new IllegalArgumentException("a spooled batch needs a sequence number >= 0, not " + sequence);
        }
        return id + "." + String.format("%0" + SEQUENCE_DIGITS + "d", sequence) + BATCH_SUFFIX;
    }

    String temporaryFile(long sequence) {
        return "." + batchFile(sequence) + TEMP_SUFFIX;
    }

    String lockFile() {
        return id + ".lock";
    }

    /** The sequence number when {@code name} is one of this agent's batch files. */
    OptionalLong ownBatch(String name) {
        return sequenceIn(name, true);
    }

    /** True for a batch file of some other agent id. */
    boolean foreignBatch(String name) {
        return !name.startsWith(".") && sequenceIn(name, false).isPresent() && ownBatch(name).isEmpty();
    }

    /** True for a file this agent was writing when it stopped (a crash between write and rename). */
    boolean ownTemporary(String name) {
        return name.startsWith(".") && name.endsWith(TEMP_SUFFIX)
                && ownBatch(name.substring(1, name.length() - TEMP_SUFFIX.length())).isPresent();
    }

    private OptionalLong sequenceIn(String name, boolean ownOnly) {
        if (!name.endsWith(BATCH_SUFFIX)) {
            return OptionalLong.empty();
        }
        String base = name.substring(0, name.length() - BATCH_SUFFIX.length());
        int dot = base.length() - SEQUENCE_DIGITS - 1;
        if (dot < 1 || base.charAt(dot) != '.') {
            return OptionalLong.empty();
        }
        if (ownOnly && !base.substring(0, dot).equals(id)) {
            return OptionalLong.empty();
        }
        String digits = base.substring(dot + 1);
        if (!digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(digits));
        } catch (NumberFormatException e) {
            // 19 digits beyond Long.MAX_VALUE: no agent wrote that
            return OptionalLong.empty();
        }
    }

    static String encode(String agentId) {
        StringBuilder encoded = new StringBuilder();
        byte[] bytes = agentId.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            boolean plain = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
                    || b == '_' || b == '-' || b == '.' && i > 0;
            if (plain) {
                encoded.append((char) b);
            } else {
                encoded.append('%').append(HexFormat.of().withUpperCase().toHexDigits((byte) b));
            }
        }
        if (encoded.isEmpty()) {
            return "%";
        }
        if (encoded.length() <= MAX_ID_CHARS) {
            return encoded.toString();
        }
        return encoded.substring(0, KEPT_WHEN_CUT) + "~" + HexFormat.of().formatHex(sha256(bytes), 0, 8);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
