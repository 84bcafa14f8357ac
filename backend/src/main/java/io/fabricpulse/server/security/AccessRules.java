package io.fabricpulse.server.security;

import org.springframework.http.HttpMethod;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one table of who may call what, by method and path; the first matching rule wins.
 * {@link SecurityConfiguration} builds the filter chains' authorization from it, and the role matrix
 * test classifies every route the server exposes with it: a route no rule matches fails that test,
 * so a new endpoint cannot ship without a decision here. A request no rule matches is refused to all
 * but admins (closed by default).
 *
 * <p>Summary: GET reads need READ; acknowledging, commenting, resolving alerts and changing
 * silences and clearing a port's counters need ACK; rules, webhooks, tokens, names, clusters, baselines, settings and the audit
 * log need ADMIN (webhooks, tokens, agents, the audit log and the settings pages even to read: webhook URLs
 * are secrets, token lists and the audit trail tell who can do what); ingest and enrolment are for agent
 * and bootstrap tokens only.
 */
final class AccessRules {

    static final Set<HttpMethod> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD);
    static final Set<HttpMethod> WRITES = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);
    static final Set<HttpMethod> ALL = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST, HttpMethod.PUT,
            HttpMethod.PATCH, HttpMethod.DELETE, HttpMethod.OPTIONS);

    static final String LOGIN = "/login";
    static final String LOGOUT = "/logout";

    static final List<AccessRule> TABLE = List.of(
            rule(READS, Access.PUBLIC, "/actuator/health", "/actuator/health/**",
                    "/css/**", "/js/**", "/webjars/**", "/favicon.ico", "/favicon.svg", LOGIN),
            // The form login and logout are handled by Spring Security's filters (CSRF protected).
            rule(Set.of(HttpMethod.POST), Access.PUBLIC, LOGIN, LOGOUT),
            rule(ALL, Access.AGENT, SecurityConfiguration.INGEST_PATH, SecurityConfiguration.ENROL_PATH,
                    SecurityConfiguration.COMMAND_ANSWER_PATH, SecurityConfiguration.ANSWER_POLL_PATH),
            // Agents' credentials, bootstrap tokens and what each agent owns: admins, even to read.
            rule(ALL, Access.ADMIN, "/api/v1/tokens/**", "/api/v1/audit/**", "/api/v1/webhooks/**",
                    "/api/v1/settings/**", "/api/v1/agents", "/api/v1/agents/**"),
            // Rule thresholds live under the alerts path but change what fires for everyone: admins.
            rule(WRITES, Access.ADMIN, "/api/v1/alerts/rules", "/api/v1/alerts/rules/**"),
            rule(WRITES, Access.ACK, "/api/v1/alerts/**", "/api/v1/silences/**"),
            // Clearing a port's counters loses no state a person cannot see again: operators, like acknowledging.
            // Changing a port's state (/state) stays with the admins' writes on /api/v1/ports below.
            rule(WRITES, Access.ACK, "/api/v1/ports/*/*/clear"),
            // The settings pages show webhooks and tokens, which are for admins even to read.
            rule(READS, Access.ADMIN, "/settings", "/settings/**"),
            rule(WRITES, Access.ADMIN, "/api/v1/rules/**", "/api/v1/names/**", "/api/v1/clusters/**",
                    "/api/v1/topology/**", "/api/v1/links/**", "/api/v1/nodes/**", "/api/v1/ports/**"),
            rule(READS, Access.READ,
                    // pages and their live updates
                    "/", "/events/**", "/inventory", "/nodes/**", "/alerts", "/alerts/**", "/map", "/subnet-managers",
                    "/jobs/**",
                    // the read API
                    "/api/v1/nodes/**", "/api/v1/ports/**", "/api/v1/links/**", "/api/v1/topology/**",
                    "/api/v1/names/**", "/api/v1/clusters/**", "/api/v1/alerts/**", "/api/v1/silences/**",
                    "/api/v1/rules/**", "/api/v1/subnet-managers", "/api/v1/sweeps", "/api/v1/jobs", "/api/v1/jobs/**", "/api/v1/routes",
                    "/api/v1/routes/**",
                    // the OpenAPI document and its UI
                    "/v3/api-docs", "/v3/api-docs/**", "/v3/api-docs.yaml", "/swagger-ui.html", "/swagger-ui/**",
                    // the server's own metrics and the fabric's (metrics.FabricMetricsController): they tell the
                    // fabric's size and traffic
                    "/actuator", "/actuator/info", "/actuator/prometheus", "/metrics/fabric"));

    private AccessRules() {
    }

    /** The first rule matching the request; empty when the table has no decision for it. */
    static Optional<AccessRule> classify(HttpMethod method, String path) {
        return TABLE.stream().filter(rule -> rule.matches(method, path)).findFirst();
    }

    private static AccessRule rule(Set<HttpMethod> methods, Access access, String... patterns) {
        return new AccessRule(methods, List.of(patterns), access);
    }
}
