package io.fabricpulse.model.ingest;

/**
 * What a text from the fabric (a NodeDescription, an HCA model, a firmware version, a board id) may
 * carry on its way to pages, logs and chat messages: printable characters only. Refused: the C0 and C1
 * control characters and DEL (a NUL, an ESC sequence or a CR/LF can forge a line of a chat message or a
 * log), Unicode's line and paragraph separators, the bidirectional controls that reorder what a reader
 * sees ({@code exe.txt} shown as {@code txt.exe}), the byte order mark, and halves of a surrogate pair.
 * The server refuses a batch naming anything with them; the agent replaces them before it sends, so one
 * device with a stray byte in its description does not cost its host every batch.
 */
public final class NodeText {

    /** What the agent writes in place of a character that may not travel. */
    public static final char REPLACEMENT = '?';

    private NodeText() {
    }

    /** The index of the first character {@code text} may not carry, or -1 when there is none (or no text). */
    public static int firstDisallowed(String text) {
        if (text == null) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                continue; // the common case, printable ASCII, decided at once
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
                continue;
            }
            if (!allowed(c)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code text} with every character it may not carry replaced by {@link #REPLACEMENT}; the same instance when clean. */
    public static String printable(String text) {
        int first = firstDisallowed(text);
        if (first < 0) {
            return text;
        }
        StringBuilder clean = new StringBuilder(text.length()).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                clean.append(c).append(text.charAt(++i));
            } else {
                clean.append(allowed(c) ? c : REPLACEMENT);
            }
        }
        return clean.toString();
    }

    /**
     * {@code text} for a reader who must not be fooled: line breaks, tabs and other separators become a blank,
     * every other character it may not carry is dropped; null stays null.
     */
    public static String readable(String text) {
        if (firstDisallowed(text) < 0) {
            return text;
        }
        StringBuilder clean = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                clean.append(c).append(text.charAt(++i));
            } else if (allowed(c)) {
                clean.append(c);
            } else if (Character.isWhitespace(c) || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                clean.append(' ');
            }
        }
        return clean.toString();
    }

    /** A description of the character at {@code index} for an error message: {@code U+001B at 4}. */
    public static String describe(String text, int index) {
        return String.format("U+%04X at %d", (int) text.charAt(index), index);
    }

    private static boolean allowed(char c) {
        return !Character.isISOControl(c) && !Character.isSurrogate(c)
                && c != '\u2028' && c != '\u2029' && c != '\uFEFF'
                && !(c == '\u200E' || c == '\u200F' || c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069'
                || c == '\u061C');
    }
}
