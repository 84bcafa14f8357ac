package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Checks the fields of one request body and reports every bad one at once, as a 400 problem. */
final class RequestText {

    private final List<InvalidField> errors = new ArrayList<>();

    /** Optional text: null stays null, blank becomes null; too long or control characters are an error. */
    String optional(String field, String value, int max, boolean multiline) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = value.strip();
        if (text.length() > max) {
            errors.add(new InvalidField(field, "is " + text.length() + " characters, at most " + max));
        } else if (text.chars().anyMatch(c -> Character.isISOControl(c) && !(multiline && (c == '\n' || c == '\t')))) {
            errors.add(new InvalidField(field, multiline ? "contains a control character other than newline and tab"
                    : "contains a control character"));
        }
        return text;
    }

    /** Required text: as {@link #optional}, and missing or blank is an error. */
    String required(String field, String value, int max, boolean multiline) {
        String text = optional(field, value, max, multiline);
        if (text == null) {
            errors.add(new InvalidField(field, "is required"));
        }
        return text;
    }

    void add(String field, String reason) {
        errors.add(new InvalidField(field, reason));
    }

    /** @throws ProblemException listing every bad field, if any */
    void throwIfInvalid() {
        if (!errors.isEmpty()) {
            String detail = errors.size() == 1 ? errors.getFirst().toString()
                    : errors.size() + " invalid fields, the first: " + errors.getFirst();
            throw new ProblemException(ProblemType.INVALID_REQUEST, detail, errors, Map.of());
        }
    }
}
