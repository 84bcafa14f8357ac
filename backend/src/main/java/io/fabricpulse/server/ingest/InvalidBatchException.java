package io.fabricpulse.server.ingest;

import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A batch that does not satisfy the ingest schema; nothing of it was applied. */
public class InvalidBatchException extends ProblemException {

    /**
     * @param errors     the invalid values found (at most a bounded number of them)
     * @param total      how many were found in all; when more than listed, the body says so
     * @param properties further members of the problem body
     */
    public InvalidBatchException(List<InvalidField> errors, int total, Map<String, Object> properties) {
        super(ProblemType.INVALID_BATCH, summary(errors, total), errors, withTotal(properties, errors, total));
    }

    public InvalidBatchException(InvalidField error, Map<String, Object> properties) {
        this(List.of(error), 1, properties);
    }

    private static String summary(List<InvalidField> errors, int total) {
        if (total == 1) {
            return errors.getFirst().toString();
        }
        return total + " invalid values, the first: " + errors.getFirst();
    }

    private static Map<String, Object> withTotal(Map<String, Object> properties, List<InvalidField> errors, int total) {
        if (total == errors.size()) {
            return properties;
        }
        Map<String, Object> withTotal = new LinkedHashMap<>(properties);
        withTotal.put("errorCount", total);
        return withTotal;
    }
}
