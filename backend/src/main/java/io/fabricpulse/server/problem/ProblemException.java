package io.fabricpulse.server.problem;

import org.springframework.http.ProblemDetail;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request the server refuses, carrying everything its problem body says. Thrown by handlers and
 * services; {@link ProblemExceptionHandler} renders it. Never a server fault: only for bad input.
 */
public class ProblemException extends RuntimeException {

    private final ProblemType type;
    private final String detail;
    private final List<InvalidField> errors;
    private final Map<String, Object> properties;

    public ProblemException(ProblemType type, String detail) {
        this(type, detail, List.of(), Map.of());
    }

    /**
     * @param errors     field errors, listed in the body as {@code errors: [{path, reason}]}
     * @param properties further members of the body (e.g. {@code line}, {@code column})
     */
    public ProblemException(ProblemType type, String detail, List<InvalidField> errors, Map<String, Object> properties) {
        super(detail);
        this.type = type;
        this.detail = detail;
        this.errors = List.copyOf(errors);
        this.properties = Map.copyOf(properties);
    }

    public ProblemType type() {
        return type;
    }

    public List<InvalidField> errors() {
        return errors;
    }

    public ProblemDetail toProblemDetail() {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(type.status(), detail);
        problem.setType(type.uri());
        problem.setTitle(type.title());
        Map<String, Object> members = new LinkedHashMap<>(properties);
        if (!errors.isEmpty()) {
            members.put("errors", errors);
        }
        members.forEach(problem::setProperty);
        return problem;
    }
}
