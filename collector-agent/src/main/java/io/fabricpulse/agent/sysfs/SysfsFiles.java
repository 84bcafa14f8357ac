package io.fabricpulse.agent.sysfs;

import io.fabricpulse.agent.logging.OnceLog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads single sysfs attribute files and reports each problem once per file and reason (see {@link OnceLog}).
 * A sysfs attribute is at most a page; anything longer is not a kernel attribute and is refused unread.
 */
final class SysfsFiles {

    /** Whether a file's absence is itself a problem worth a log line. */
    enum Presence {
        /** the kernel always creates it (state, node_guid): absence is logged */
        REQUIRED,
        /** created by some kernels or drivers only (port_xmit_wait, board_id): absence is normal */
        OPTIONAL
    }

    private static final int MAX_BYTES = 4096;

    private final OnceLog problems;

    SysfsFiles(OnceLog problems) {
        this.problems = problems;
    }

    /** The file's text without the trailing newline, or empty when it cannot be read (reason logged). */
    Optional<String> read(Path file, Presence presence) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException e) {
            if (presence == Presence.REQUIRED) {
                problem(file, "missing", "file is missing");
            }
            return Optional.empty();
        } catch (AccessDeniedException e) {
            problem(file, "denied", "permission denied");
            return Optional.empty();
        } catch (IOException e) {
            // The kernel answers a read with an error when the HCA does not answer the query behind the
            // attribute, e.g. EINVAL from a counter whose PMA MAD failed.
            problem(file, "io:" + e.getClass().getSimpleName(), "unreadable: " + describe(e));
            return Optional.empty();
        }
        if (bytes.length > MAX_BYTES) {
            problem(file, "too-long", "longer than " + MAX_BYTES + " bytes, not a sysfs attribute");
            return Optional.empty();
        }
        return Optional.of(stripNewline(new String(bytes, StandardCharsets.UTF_8)));
    }

    /** Reads and parses one file; empty when it is missing or its content is bad (reason logged once). */
    <T> Optional<T> parse(Path file, Presence presence, Parser<T> parser) {
        Optional<String> text = read(file, presence);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            T value = parser.parse(text.get());
            ok(file);
            return Optional.of(value);
        } catch (BadValueException e) {
            badValue(file, e);
            return Optional.empty();
        }
    }

    /** Turns a file's text into a value, or says why it cannot. */
    @FunctionalInterface
    interface Parser<T> {
        T parse(String text) throws BadValueException;
    }

    /** Logs that the content of {@code file} is unusable; the caller skips the value. */
    void badValue(Path file, BadValueException e) {
        problem(file, "value:" + e.kind(), e.getMessage());
    }

    /** Logs that {@code file} reads fine again if a problem with it had been logged. */
    void ok(Path file) {
        problems.clear(file.toString(), () -> file + ": readable again");
    }

    /** Logs a problem with a whole directory or device (subject and message given by the caller). */
    void problem(Path subject, String reason, String message) {
        problems.warn(subject.toString(), reason, () -> subject + ": " + message);
    }

    private static String stripNewline(String text) {
        int end = text.length();
        while (end > 0 && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\0')) {
            end--;
        }
        return text.substring(0, end);
    }

    private static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
