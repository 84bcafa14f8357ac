package io.fabricpulse.agent.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Captures what the agent logs (slf4j-simple writes each line to the current System.err) while open.
 * Tests in this module run one at a time in one JVM, so swapping System.err is safe here.
 */
public final class CapturedLog implements AutoCloseable {

    private final PrintStream original = System.err;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

    public CapturedLog() {
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    }

    /** All lines logged since this capture started. */
    public List<String> lines() {
        System.err.flush();
        return buffer.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** Lines that contain every one of {@code parts}. */
    public List<String> linesWith(String... parts) {
        return lines().stream().filter(line -> {
            for (String part : parts) {
                if (!line.contains(part)) {
                    return false;
                }
            }
            return true;
        }).toList();
    }

    @Override
    public void close() {
        System.setErr(original);
        original.print(buffer.toString(StandardCharsets.UTF_8));
    }
}
