package io.fabricpulse.model.topology;

/**
 * Reads the tokens of one line of a hand-written or tool-written text file: words, quoted strings,
 * bracketed numbers, hex GUIDs. Every mismatch becomes the caller's checked exception with the line
 * and column, so a parser built on it can never fail with anything else.
 *
 * @param <E> the exception the owning parser reports problems with
 */
public final class LineCursor<E extends LineParseException> {

    /** Makes the owning parser's exception for a problem at a place. */
    @FunctionalInterface
    public interface Errors<E extends LineParseException> {
        E at(int line, int column, String reason);
    }

    private final String text;
    private final int line;
    private final Errors<E> errors;
    private int pos;

    public LineCursor(String text, int line, Errors<E> errors) {
        this.text = text;
        this.line = line;
        this.errors = errors;
    }

    public int line() {
        return line;
    }

    /** Where the cursor is, to come back to with {@link #reset(int)} when a guess did not match. */
    public int mark() {
        return pos;
    }

    public void reset(int mark) {
        pos = mark;
    }

    /** Skips blanks and tabs. */
    public void skipSpace() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
    }

    /** True when only blanks remain. */
    public boolean atEnd() {
        skipSpace();
        return pos >= text.length();
    }

    /** True when the next non-blank character is {@code c}. */
    public boolean at(char c) {
        skipSpace();
        return pos < text.length() && text.charAt(pos) == c;
    }

    /** True when the next non-blank characters are {@code prefix}. */
    public boolean at(String prefix) {
        skipSpace();
        return text.startsWith(prefix, pos);
    }

    /** Consumes {@code c} if it is the next non-blank character. */
    public boolean consume(char c) {
        if (at(c)) {
            pos++;
            return true;
        }
        return false;
    }

    public void expect(char c, String what) throws E {
        if (!consume(c)) {
            throw error("expected " + what + ", found " + found());
        }
    }

    /**
     * Consumes {@code word} if it comes next and is not the start of a longer word
     * ({@code lid} does not match {@code lids}).
     */
    public boolean consumeWord(String word) {
        skipSpace();
        if (!text.startsWith(word, pos)) {
            return false;
        }
        int end = pos + word.length();
        if (end < text.length() && isWordChar(text.charAt(end))) {
            return false;
        }
        pos = end;
        return true;
    }

    /** The next identifier (letters, digits, '_', '-'), possibly empty. */
    public String identifier() {
        skipSpace();
        int start = pos;
        while (pos < text.length() && (isWordChar(text.charAt(pos)) || text.charAt(pos) == '-')) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** The next run of non-blank characters, possibly empty. */
    public String token() {
        skipSpace();
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != ' ' && text.charAt(pos) != '\t') {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** A string in double quotes; it may hold blanks and '#', but no control characters. */
    public String quoted(String what) throws E {
        skipSpace();
        if (pos >= text.length() || text.charAt(pos) != '"') {
            throw error("expected " + what + " in double quotes, found " + found());
        }
        int start = pos + 1;
        int end = text.indexOf('"', start);
        if (end < 0) {
            throw error("the quote of " + what + " is never closed");
        }
        for (int i = start; i < end; i++) {
            if (Character.isISOControl(text.charAt(i))) {
                throw errors.at(line, i + 1, what + " contains a control character (code "
                        + (int) text.charAt(i) + ")");
            }
        }
        pos = end + 1;
        return text.substring(start, end);
    }

    /**
     * An unsigned number, decimal or with {@code 0x} hexadecimal, at most {@code max}; it must not
     * run into a letter or digit ("24x" is not a number).
     */
    public long number(String what, long max) throws E {
        skipSpace();
        int start = pos;
        int radix = 10;
        if (text.startsWith("0x", pos) || text.startsWith("0X", pos)) {
            radix = 16;
            pos += 2;
        }
        int first = pos;
        long value = 0;
        boolean tooLarge = false;
        while (pos < text.length() && Character.digit(text.charAt(pos), radix) >= 0) {
            int digit = Character.digit(text.charAt(pos), radix);
            if (value > (max - digit) / radix) {
                tooLarge = true;
            } else if (!tooLarge) {
                value = value * radix + digit;
            }
            pos++;
        }
        if (pos == first || (pos < text.length() && isWordChar(text.charAt(pos)))) {
            pos = start;
            throw error("expected " + what + " (a number), found " + found());
        }
        if (tooLarge) {
            throw errors.at(line, start + 1, what + " " + text.substring(start, pos) + " is out of range (at most " + max + ")");
        }
        return value;
    }

    /** A 64-bit GUID as the settings write it: {@code 0x} and 1 to 16 hexadecimal digits, or a decimal number. */
    public long guidNumber(String what) throws E {
        skipSpace();
        if (text.startsWith("0x", pos) || text.startsWith("0X", pos)) {
            pos += 2;
            long guid = hexGuid(what);
            if (pos < text.length() && isWordChar(text.charAt(pos))) {
                throw error("expected " + what + " to end, found " + found());
            }
            return guid;
        }
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos == start || pos - start > 20 || (pos < text.length() && isWordChar(text.charAt(pos)))) {
            pos = start;
            throw error("expected " + what + " (0x and hexadecimal digits, or a decimal number), found " + found());
        }
        try {
            return Long.parseUnsignedLong(text, start, pos, 10);
        } catch (NumberFormatException tooLarge) {
            throw errors.at(line, start + 1, what + " " + text.substring(start, pos) + " does not fit in 64 bits");
        }
    }

    /**
     * A non-negative decimal such as {@code 20}, {@code 0.5} or {@code .25}; a unit may follow
     * right after it ({@code 0.5/s}, {@code 60s}, {@code 40%}).
     */
    public double decimal(String what) throws E {
        skipSpace();
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        int integerDigits = pos - start;
        int fractionDigits = 0;
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
                fractionDigits++;
            }
        }
        if (integerDigits + fractionDigits == 0 || integerDigits > 12 || fractionDigits > 12) {
            pos = start;
            throw error("expected " + what + " (a decimal number such as 20 or 0.5), found " + found());
        }
        return Double.parseDouble(text.substring(start, pos));
    }

    /** A GUID written as 1 to 16 hexadecimal digits without {@code 0x}, as ibnetdiscover prints port GUIDs. */
    public long hexGuid(String what) throws E {
        skipSpace();
        int start = pos;
        while (pos < text.length() && Character.digit(text.charAt(pos), 16) >= 0) {
            pos++;
        }
        if (pos == start || pos - start > 16) {
            pos = start;
            throw error("expected " + what + " (1 to 16 hexadecimal digits), found " + found());
        }
        return Long.parseUnsignedLong(text, start, pos, 16);
    }

    /**
     * The text up to the earliest of {@code markers} (or the end of the line), without surrounding
     * blanks; the cursor stops before the marker. For unquoted descriptions such as ibsim's
     * {@code # switch one lid 3}.
     */
    public String upTo(String what, String... markers) throws E {
        skipSpace();
        int end = text.length();
        for (String marker : markers) {
            int at = text.indexOf(marker, pos);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        for (int i = pos; i < end; i++) {
            if (Character.isISOControl(text.charAt(i))) {
                throw errors.at(line, i + 1, what + " contains a control character (code " + (int) text.charAt(i) + ")");
            }
        }
        String value = text.substring(pos, end).strip();
        pos = end;
        return value;
    }

    /** All that is left of the line, without surrounding blanks. */
    public String rest() {
        String rest = text.substring(Math.min(pos, text.length())).strip();
        pos = text.length();
        return rest;
    }

    /** A problem at the cursor's position. */
    public E error(String reason) {
        skipSpace();
        return errors.at(line, pos + 1, reason);
    }

    /** A problem that concerns the whole line. */
    public E lineError(String reason) {
        return errors.at(line, 0, reason);
    }

    /** What stands at the cursor, for messages: the next token in quotes, or "the end of the line". */
    public String found() {
        skipSpace();
        if (pos >= text.length()) {
            return "the end of the line";
        }
        int end = pos;
        while (end < text.length() && end - pos < 24 && text.charAt(end) != ' ' && text.charAt(end) != '\t') {
            end++;
        }
        return "'" + text.substring(pos, end) + "'";
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
