package io.fabricpulse.agent.cli;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An infiniband-diags node-name map: one {@code 0xGUID "name"} per line, {@code #} comments. smpquery
 * prints a mapped node's name instead of its NodeDescription, from {@code --node-name-map FILE} or,
 * without it, from {@value #DEFAULT_PATH} when that file exists. Read the way rdma-core's
 * {@code util/node_name_map.c} reads it, so the same file gives the same names: lines as {@code fgets}
 * cuts them (at a newline or after 255 bytes), the GUID as glibc's {@code strtoull} with base 0 reads
 * it (signs and saturation included), the name up to the next quote or {@code #} (an unquoted name
 * keeps its trailing blanks), the first line for a GUID wins, and a GUID-only line maps nothing.
 */
final class NodeNameMap {

    static final String DEFAULT_PATH = "/etc/rdma/ib-node-name-map";

    /** rdma-core's PARSE_NODE_MAP_BUFLEN: fgets reads at most 255 bytes of a line at a time. */
    private static final int LINE_BUFFER = 256;
    /** A GUID as strtoull reads it with base 0 (sign included), then a blank, a comment or the end of the line. */
    private static final Pattern GUID = Pattern.compile("([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)(?=[\\s#]|$)");
    private static final Pattern NAME = Pattern.compile("[\"#]*([^\"#]+)");

    private final Map<Long, String> names;

    private NodeNameMap(Map<Long, String> names) {
        this.names = Map.copyOf(names);
    }

    static NodeNameMap empty() {
        return new NodeNameMap(Map.of());
    }

    /** Reads {@code file}; a line the C parser would reject fails the whole map, as there. */
    static NodeNameMap read(Path file) throws IOException, NodeNameMapException {
        return parse(Files.readAllBytes(file));
    }

    static NodeNameMap parse(byte[] content) throws NodeNameMapException {
        Map<Long, String> names = new HashMap<>();
        int lineNumber = 0;
        for (int start = 0; start < content.length; ) {
            int end = start;
            while (end < content.length && end - start < LINE_BUFFER - 1 && content[end] != '\n') {
                end++;
            }
            if (start == 0 || content[start - 1] == '\n') {
                lineNumber++; // a chunk that continues a line longer than the buffer keeps its number
            }
            boolean newline = end < content.length && content[end] == '\n';
            String line = new String(content, start, end - start, StandardCharsets.UTF_8);
            start = newline ? end + 1 : end;
            String text = line.stripLeading();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            Matcher guid = GUID.matcher(text);
            if (!guid.lookingAt()) {
                throw new NodeNameMapException("line %d: expected a GUID (0x hex, decimal or 0 octal) at the start of '%s'"
                        .formatted(lineNumber, line.strip()));
            }
            long nodeGuid = strtoull(guid.group(1), guid.group(2));
            Matcher name = NAME.matcher(text.substring(guid.end()).stripLeading());
            if (name.lookingAt()) {
                names.putIfAbsent(nodeGuid, name.group(1));
            }
        }
        return new NodeNameMap(names);
    }

    /** The mapped name of the node with {@code nodeGuid}, if the map has one. */
    Optional<String> name(long nodeGuid) {
        return Optional.ofNullable(names.get(nodeGuid));
    }

    /**
     * What glibc's strtoull makes of a number: a minus sign negates modulo 2^64, and a value beyond 64
     * bits saturates to 2^64-1 (sign ignored). The same file must map the same GUIDs as for the tools.
     */
    private static long strtoull(String sign, String number) {
        BigInteger value = new BigInteger(digits(number), radix(number));
        if (value.bitLength() > 64) {
            return -1L;
        }
        return sign.equals("-") ? -value.longValue() : value.longValue();
    }

    private static String digits(String number) {
        if (number.length() > 1 && (number.charAt(1) == 'x' || number.charAt(1) == 'X')) {
            return number.substring(2);
        }
        return number.equals("0") || number.charAt(0) != '0' ? number : number.substring(1);
    }

    private static int radix(String number) {
        if (number.length() > 1 && (number.charAt(1) == 'x' || number.charAt(1) == 'X')) {
            return 16;
        }
        return number.length() > 1 && number.charAt(0) == '0' ? 8 : 10;
    }

    /** The map cannot be read the way infiniband-diags reads it; the message says where. */
    static final class NodeNameMapException extends Exception {
        NodeNameMapException(String message) {
            super(message);
        }
    }
}
