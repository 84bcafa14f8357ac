package io.fabricpulse.server.problem;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Renders {@link ProblemException}s thrown by any controller as {@code application/problem+json}. */
@RestControllerAdvice
class ProblemExceptionHandler {

    @ExceptionHandler(ProblemException.class)
    ResponseEntity<ProblemDetail> handle(ProblemException problem) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(problem.type().status())
                .contentType(MediaType.APPLICATION_PROBLEM_JSON);
        if (problem instanceof RetryLaterException later) {
            answer.header(HttpHeaders.RETRY_AFTER, Long.toString(later.retryAfterSeconds()));
        }
        return answer.body(problem.toProblemDetail());
    }
}
