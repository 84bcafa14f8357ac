package io.fabricpulse.server.ingest;

/**
 * Finds, before Jackson reads a Smile body, a property name longer than the reader's limit. Jackson 3.1's Smile
 * parser collects a long name (Smile's token {@code 0x34}, for names over 64 bytes) whole before it applies the
 * name-length limit, growing its buffer a kilobyte at a time (CVE-2026-68496): 3.5 s of an event loop for a 4 MB name
 * here, ~50 s at the 64 MB a gzip body may inflate to, and the decoded name stays in the factory's recycled buffers. Jackson 3.3
 * applies the limit while it reads; delete this class when the root pom moves past 3.1.
 *
 * <p>It walks the tokens as the Smile format specifies them, only to know where names are, and stops at the
 * first thing it does not expect: every other refusal stays the parser's, which says more. Linear in the body,
 * with nothing allocated per token.
 */
final class SmileNameGuard {

    private static final int HEADER = 4;
    private static final int END_OF_STRING = 0xFC;
    private static final int END_OF_CONTENT = 0xFF;
    /** Containers the walk keeps track of; deeper bodies are the parser's to refuse (its limit is 32). */
    private static final int MAX_DEPTH = 64;

    private final byte[] body;
    private final int maxNameLength;
    private int at;
    /** Bit d set: the container at depth d is an object, where names and values alternate. */
    private long objects;
    /** Bit d set: the object at depth d expects a name next. */
    private long expectingName;

    private SmileNameGuard(byte[] body, int maxNameLength) {
        this.body = body;
        this.maxNameLength = maxNameLength;
    }

    /**
     * The offset of the first name in {@code body} longer than {@code maxNameLength} bytes, or -1 when there is none
     * (or the walk met something the parser will refuse first).
     */
    static long firstLongName(byte[] body, int maxNameLength) {
        return new SmileNameGuard(body, maxNameLength).walk();
    }

    private long walk() {
        if (!header(0)) {
            return -1;
        }
        at = HEADER;
        int depth = 0;
        while (at < body.length) {
            int token = body[at] & 0xFF;
            boolean name = depth > 0 && (expectingName & bit(depth)) != 0;
            if (name) {
                if (token == 0xFB) { // end of object: the value it was, in its container
                    depth--;
                    at++;
                    valueDone(depth);
                    continue;
                }
                int start = at;
                if (!skipName(token)) {
                    return -1;
                }
                if (at < 0) {
                    return start;
                }
                expectingName &= ~bit(depth);
                continue;
            }
            switch (token) {
                case 0xF8, 0xFA -> { // start of array, of object
                    if (depth + 1 >= MAX_DEPTH) {
                        return -1;
                    }
                    at++;
                    depth++;
                    objects = token == 0xFA ? objects | bit(depth) : objects & ~bit(depth);
                    expectingName = token == 0xFA ? expectingName | bit(depth) : expectingName & ~bit(depth);
                    continue;
                }
                case 0xF9 -> { // end of array
                    if (depth == 0 || (objects & bit(depth)) != 0) {
                        return -1;
                    }
                    depth--;
                    at++;
                }
                // The end of content, or another header, where a value belongs: the parser gives no token and goes on
                // after it as after a value (in an object, a name comes next), and a binding may ask it to.
                case END_OF_CONTENT -> at += 1;
                case ':' -> {
                    if (!header(at)) {
                        return -1;
                    }
                    at += HEADER;
                }
                default -> {
                    if (!skipValue(token)) {
                        return -1;
                    }
                }
            }
            valueDone(depth);
        }
        return -1;
    }

    /** Smile's header at {@code offset}: {@code :)\n} and a byte of version and flags. */
    private boolean header(int offset) {
        return offset + HEADER <= body.length && body[offset] == ':' && body[offset + 1] == ')'
                && body[offset + 2] == '\n';
    }

    /** After a value at {@code depth}: in an object, a name comes next. */
    private void valueDone(int depth) {
        if (depth > 0 && (objects & bit(depth)) != 0) {
            expectingName |= bit(depth);
        }
    }

    private static long bit(int depth) {
        return 1L << depth;
    }

    /** Past one name token; {@code at} is -1 when it is too long, false when it is no name token. */
    private boolean skipName(int token) {
        if (token == 0x20 || token >= 0x40 && token <= 0x7F) { // empty name, short back-reference
            at += 1;
        } else if (token >= 0x30 && token <= 0x33) { // long back-reference
            at += 2;
        } else if (token >= 0x80 && token <= 0xBF) { // short ASCII name, 1-64 bytes
            at += 1 + (token & 0x3F) + 1;
        } else if (token >= 0xC0 && token <= 0xF7) { // short Unicode name, 2-57 bytes
            at += 1 + (token & 0x3F) + 2;
        } else if (token == 0x34) { // long name, up to its end marker
            int start = at + 1;
            int end = start;
            while (end < body.length && (body[end] & 0xFF) != END_OF_STRING) {
                if (end - start >= maxNameLength) {
                    at = -1;
                    return true;
                }
                end++;
            }
            at = end + 1;
        } else {
            return false;
        }
        return at <= body.length;
    }

    /** Past one scalar value; false when it is none the walk knows. */
    private boolean skipValue(int token) {
        if (token <= 0x23 || token >= 0xC0 && token <= 0xDF) { // short shared string, literals, small ints
            at += 1;
        } else if (token == 0x24) { // 32-bit int, variable length
            at += 1;
            skipVarInt();
        } else if (token == 0x25) { // 64-bit int: the parser takes 4 bytes unread, then reads to the last
            at += 1 + 4;
            skipVarInt();
        } else if (token == 0x26 || token == 0xE8) { // big integer, 7-bit binary: a length, then 7-bit groups
            at += 1;
            at = skippedSevenBit(readVarInt());
        } else if (token == 0x28) { // float: 5 bytes of 7 bits
            at += 1 + 5;
        } else if (token == 0x29) { // double: 10 bytes of 7 bits
            at += 1 + 10;
        } else if (token == 0x2A) { // big decimal: a scale, a length, 7-bit groups
            at += 1;
            skipVarInt();
            at = skippedSevenBit(readVarInt());
        } else if (token >= 0x40 && token <= 0x5F) { // tiny ASCII, 1-32 bytes
            at += 1 + (token & 0x1F) + 1;
        } else if (token >= 0x60 && token <= 0x7F) { // short ASCII, 33-64 bytes
            at += 1 + (token & 0x1F) + 33;
        } else if (token >= 0x80 && token <= 0x9F) { // tiny Unicode, 2-33 bytes
            at += 1 + (token & 0x1F) + 2;
        } else if (token >= 0xA0 && token <= 0xBF) { // short Unicode, 34-65 bytes
            at += 1 + (token & 0x1F) + 34;
        } else if (token == 0xE0 || token == 0xE4) { // long ASCII or Unicode text, up to its end marker
            at += 1;
            while (at < body.length && (body[at] & 0xFF) != END_OF_STRING) {
                at++;
            }
            at += 1;
        } else if (token >= 0xEC && token <= 0xEF) { // long shared string reference
            at += 2;
        } else if (token == 0xFD) { // raw binary: a length, then the bytes
            at += 1;
            at = skipped(readVarInt());
        } else {
            return false;
        }
        return at >= 0 && at <= body.length;
    }

    /** Past {@code length} bytes of data sent in 7-bit groups: eight stream bytes for each seven of data. */
    private int skippedSevenBit(long length) {
        return skipped(length < 0 ? -1 : (length * 8 + 6) / 7);
    }

    private int skipped(long bytes) {
        return bytes < 0 || at + bytes > body.length ? -1 : (int) (at + bytes);
    }

    /** Past a Smile variable-length int (7 bits a byte, the last byte's high bit set), however long, as the parser skips. */
    private void skipVarInt() {
        while (at < body.length && (body[at++] & 0x80) == 0) {
            // a byte of the int
        }
    }

    /** The value of a length (at most 5 bytes, as the parser reads one), or -1 when it is not one. */
    private long readVarInt() {
        long value = 0;
        for (int i = 0; i < 5 && at >= 0 && at < body.length; i++) {
            int b = body[at++] & 0xFF;
            if ((b & 0x80) != 0) {
                return (value << 6) | (b & 0x3F);
            }
            value = (value << 7) | b;
        }
        at = -1;
        return -1;
    }
}
