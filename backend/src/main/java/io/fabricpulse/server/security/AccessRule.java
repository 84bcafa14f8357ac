package io.fabricpulse.server.security;

import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

import java.util.List;
import java.util.Set;

/**
 * One line of the rule table: requests with one of these methods on a path matching one of these
 * patterns need this access. Patterns are Spring's {@link PathPattern}s, parsed as Spring Security's
 * path matchers parse them, so {@link #matches} agrees with the filter chain.
 *
 * @param methods  the HTTP methods; never empty
 * @param patterns path patterns, e.g. {@code /api/v1/alerts/**} (which also matches {@code /api/v1/alerts})
 * @param access   who may
 */
record AccessRule(Set<HttpMethod> methods, List<String> patterns, Access access) {

    AccessRule {
        methods = Set.copyOf(methods);
        patterns = List.copyOf(patterns);
        if (methods.isEmpty() || patterns.isEmpty()) {
            throw new IllegalArgumentException("an access rule needs methods and patterns");
        }
    }

    boolean matches(HttpMethod method, String path) {
        if (!methods.contains(method)) {
            return false;
        }
        PathContainer container = PathContainer.parsePath(path);
        return patterns.stream().anyMatch(pattern -> PathPatternParser.defaultInstance.parse(pattern).matches(container));
    }

    @Override
    public String toString() {
        return methods.stream().map(HttpMethod::name).sorted().toList() + " " + patterns + " -> " + access;
    }
}
