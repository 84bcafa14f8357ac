package io.fabricpulse.server.security;

import org.springframework.context.ApplicationContext;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.support.RouterFunctionMapping;
import org.springframework.web.reactive.result.method.RequestMappingInfo;
import org.springframework.web.reactive.result.method.RequestMappingInfoHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Every route a running server answers, read from the server itself so the list cannot go stale:
 * annotated handler methods and actuator endpoints (every {@link RequestMappingInfoHandlerMapping}),
 * functional routes ({@link RouterFunctionMapping}), the static files under {@code classpath:static/},
 * and what Spring Security's filters serve (the login form's POST, logout). Path variables and
 * wildcards are filled with sample values, so each route is a request that can be made.
 */
final class ExposedRoutes {

    /** What a mapping without a method condition is called with: it answers all of them. */
    static final Set<HttpMethod> ANY_METHOD = Set.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT,
            HttpMethod.PATCH, HttpMethod.DELETE);
    /** An id no test creates, so an allowed DELETE or PUT changes nothing that exists. */
    static final String SAMPLE_ID = "987654321";

    /** One request to make: a method and a concrete path. */
    record Route(HttpMethod method, String path) implements Comparable<Route> {

        @Override
        public int compareTo(Route other) {
            int byPath = path.compareTo(other.path);
            return byPath != 0 ? byPath : method.name().compareTo(other.method.name());
        }

        @Override
        public String toString() {
            return method.name() + " " + path;
        }
    }

    private ExposedRoutes() {
    }

    static Set<Route> of(ApplicationContext context) {
        Set<Route> routes = new TreeSet<>();
        for (RequestMappingInfoHandlerMapping mapping : context.getBeansOfType(RequestMappingInfoHandlerMapping.class).values()) {
            for (RequestMappingInfo info : mapping.getHandlerMethods().keySet()) {
                Set<HttpMethod> methods = methods(info.getMethodsCondition().getMethods());
                for (PathPattern pattern : info.getPatternsCondition().getPatterns()) {
                    methods.forEach(method -> routes.add(new Route(method, concrete(pattern.getPatternString()))));
                }
            }
        }
        for (RouterFunctionMapping mapping : context.getBeansOfType(RouterFunctionMapping.class).values()) {
            if (mapping.getRouterFunction() != null) {
                mapping.getRouterFunction().accept(new FunctionalRoutes(routes));
            }
        }
        routes.addAll(staticFiles());
        routes.add(new Route(HttpMethod.POST, AccessRules.LOGIN));
        routes.add(new Route(HttpMethod.POST, AccessRules.LOGOUT));
        return routes;
    }

    private static Set<HttpMethod> methods(Set<RequestMethod> declared) {
        if (declared.isEmpty()) {
            return ANY_METHOD;
        }
        Set<HttpMethod> methods = new HashSet<>();
        declared.forEach(method -> methods.add(method.asHttpMethod()));
        return methods;
    }

    /** {@code /api/v1/alerts/{id}/ack} becomes {@code /api/v1/alerts/987654321/ack}; wildcards become {@code x}. */
    static String concrete(String pattern) {
        String path = pattern.replaceAll("\\{\\*[^}]+}", "x")
                .replaceAll("\\{[^}]+}", SAMPLE_ID)
                .replace("**", "x")
                .replace("*", "x");
        return path.isEmpty() ? "/" : path;
    }

    private static Set<Route> staticFiles() {
        Set<Route> routes = new HashSet<>();
        try {
            for (Resource resource : new PathMatchingResourcePatternResolver().getResources("classpath*:static/**")) {
                String url = resource.getURL().toString();
                if (resource.isReadable() && !url.endsWith("/")) {
                    routes.add(new Route(HttpMethod.GET, url.substring(url.lastIndexOf("/static/") + "/static".length())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return routes;
    }

    /** Walks router functions: each route's methods × paths, under the paths of the routes it is nested in. */
    private static final class FunctionalRoutes implements RouterFunctions.Visitor {

        private final Set<Route> routes;
        private final Deque<String> prefixes = new ArrayDeque<>();

        FunctionalRoutes(Set<Route> routes) {
            this.routes = routes;
        }

        @Override
        public void startNested(RequestPredicate predicate) {
            Conditions nested = Conditions.of(predicate);
            prefixes.push(prefix() + (nested.paths.isEmpty() ? "" : nested.paths.iterator().next()));
        }

        @Override
        public void endNested(RequestPredicate predicate) {
            prefixes.pop();
        }

        @Override
        public void route(RequestPredicate predicate, HandlerFunction<?> handlerFunction) {
            Conditions route = Conditions.of(predicate);
            Set<HttpMethod> methods = route.methods.isEmpty() ? ANY_METHOD : route.methods;
            Set<String> paths = route.paths.isEmpty() ? Set.of("") : route.paths;
            for (String path : paths) {
                methods.forEach(method -> routes.add(new Route(method, concrete(prefix() + path))));
            }
        }

        @Override
        public void resources(Function<ServerRequest, reactor.core.publisher.Mono<Resource>> lookupFunction) {
            // Resource routes serve files; the static files are listed from the classpath instead.
        }

        @Override
        public void attributes(Map<String, Object> attributes) {
        }

        @Override
        public void unknown(RouterFunction<?> routerFunction) {
            throw new IllegalStateException("a router function the route list cannot read: " + routerFunction
                    + "; teach ExposedRoutes about it so the role matrix covers it");
        }

        private String prefix() {
            return prefixes.isEmpty() ? "" : prefixes.peek();
        }
    }

    /** The methods and paths a request predicate names, however they are combined. */
    private static final class Conditions implements RequestPredicates.Visitor {

        final Set<HttpMethod> methods = new HashSet<>();
        final Set<String> paths = new HashSet<>();

        static Conditions of(RequestPredicate predicate) {
            Conditions conditions = new Conditions();
            predicate.accept(conditions);
            return conditions;
        }

        @Override
        public void method(Set<HttpMethod> methods) {
            this.methods.addAll(methods);
        }

        @Override
        public void path(String pattern) {
            paths.add(pattern);
        }

        @Override
        public void pathExtension(String extension) {
        }

        @Override
        public void header(String name, String value) {
        }

        @Override
        public void queryParam(String name, String value) {
        }

        @Override
        public void version(String version) {
        }

        @Override
        public void startAnd() {
        }

        @Override
        public void and() {
        }

        @Override
        public void endAnd() {
        }

        @Override
        public void startOr() {
        }

        @Override
        public void or() {
        }

        @Override
        public void endOr() {
        }

        @Override
        public void startNegate() {
        }

        @Override
        public void endNegate() {
        }

        @Override
        public void unknown(RequestPredicate predicate) {
        }
    }
}
