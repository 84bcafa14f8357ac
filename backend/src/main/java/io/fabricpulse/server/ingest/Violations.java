package io.fabricpulse.server.ingest;

import io.fabricpulse.server.problem.InvalidField;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Collects what is wrong with a batch; keeps the first {@value #LISTED} so a hostile batch cannot bloat the answer. */
final class Violations {

    static final int LISTED = 100;
    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_]{1,64}");

    private final List<InvalidField> listed = new ArrayList<>();
    private int total;

    void add(String path, String reason) {
        total++;
        if (listed.size() < LISTED) {
            listed.add(new InvalidField(path, reason));
        }
    }

    void throwIfAny() {
        if (total > 0) {
            throw new InvalidBatchException(listed, total, Map.of());
        }
    }

    /**
     * A path step for a map key: {@code .name} when the key is a plain word, else a quoted, shortened
     * {@code ["key"]}, so that any key from a hostile batch stays readable in the path.
     */
    static String key(String key) {
        if (PLAIN_KEY.matcher(key).matches()) {
            return "." + key;
        }
        String shown = key.length() > 64 ? key.substring(0, 64) + "…" : key;
        return "[\"" + shown.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }
}
