package io.fabricpulse.server.web;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.server.ResponseStatusException;

/**
 * A page asked with a bad parameter or for something that does not exist (a node GUID nobody reported)
 * gets an RFC 9457 problem that says what was wrong and what would be right, not a bare status page.
 */
@ControllerAdvice(basePackageClasses = PageProblems.class)
class PageProblems {

    @ExceptionHandler(ResponseStatusException.class)
    @ResponseBody
    ResponseEntity<ProblemDetail> problem(ResponseStatusException e) {
        return ResponseEntity.status(e.getStatusCode()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(e.getBody());
    }
}
