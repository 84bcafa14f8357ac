package io.fabricpulse.server.security;

import io.fabricpulse.server.ingest.IngestProperties;
import io.fabricpulse.server.problem.ProblemWriter;
import io.fabricpulse.server.security.audit.AuditTrail;
import io.fabricpulse.server.security.token.AgentTokenStore;
import io.fabricpulse.server.security.token.ApiTokenStore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.server.DelegatingServerAuthenticationEntryPoint;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.AuthenticationWebFilter;
import org.springframework.security.web.server.authentication.RedirectServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.security.web.server.authentication.ServerAuthenticationEntryPointFailureHandler;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.security.web.server.authorization.ServerWebExchangeDelegatingServerAccessDeniedHandler;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.header.ReferrerPolicyServerHttpHeadersWriter;
import org.springframework.security.web.server.csrf.CsrfWebFilter;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.util.matcher.AndServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.NegatedServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;

import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Locale;

/**
 * Two filter chains, authorized by the one rule table {@link AccessRules}. Agents:
 * {@code /api/v1/ingest} and {@code /api/v1/agents/enrol} with an agent or bootstrap token, stateless,
 * no CSRF (no browser, no cookie). People and
 * ticket systems: everything else, signed in by the login form (a session), HTTP Basic, or an API
 * token ({@code Bearer fp_...}). CSRF protects every change that could ride on a browser's ambient
 * credentials (session cookie, cached Basic); bearer requests are exempt, as no browser adds that
 * header by itself. Anonymous GET of what viewers may read only when {@code anonymous-read} is on.
 * API paths answer 401/403 as problem details, pages redirect to the login form.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
@EnableConfigurationProperties({SecurityProperties.class, LoginThrottleProperties.class})
class SecurityConfiguration {

    static final String INGEST_PATH = "/api/v1/ingest";
    /**
     * What pages may load and run: only this server's scripts, styles and images (no inline script, no
     * eval, no plugins), connections back to it (the API, the event streams), no framing. Inline style
     * attributes stay allowed: the charts and the map set element styles, which cannot run code.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
            + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    static final String ENROL_PATH = "/api/v1/agents/enrol";
    /** Where an agent answers an order it took in an ingest answer (commands.AgentAnswerController). */
    static final String COMMAND_ANSWER_PATH = "/api/v1/ingest/commands/*";
    /** An agent's long-poll for its orders and sweep shard (ingest.poll.AnswerPollController). */
    static final String ANSWER_POLL_PATH = "/api/v1/ingest/answers/*";

    @Bean
    @Order(1)
    SecurityWebFilterChain agentChain(ServerHttpSecurity http, IngestProperties ingest, AgentTokenStore issuedTokens,
                                      ProblemWriter problems) {
        AgentTokenAuthentication tokens = new AgentTokenAuthentication(ingest.agentToken(), ingest.bootstrapToken(),
                ingest.bootstrapRoles(), issuedTokens);
        ServerAuthenticationEntryPoint entryPoint = ProblemSecurityResponses.agentEntryPoint(problems);
        return http
                .securityMatcher(ServerWebExchangeMatchers.pathMatchers(INGEST_PATH, ENROL_PATH, COMMAND_ANSWER_PATH,
                        ANSWER_POLL_PATH))
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .addFilterAt(bearerFilter(tokens, tokens, entryPoint), SecurityWebFiltersOrder.AUTHENTICATION)
                // A bootstrap token only enrols; an agent's own token only ingests; the shared token does both.
                .authorizeExchange(exchanges -> exchanges
                        .pathMatchers(ENROL_PATH).hasRole(AgentTokenAuthentication.ENROL_ROLE)
                        .anyExchange().hasRole(AgentTokenAuthentication.AGENT_ROLE))
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint(entryPoint)
                        .accessDeniedHandler(ProblemSecurityResponses.accessDenied(problems)))
                .build();
    }

    @Bean
    @Order(2)
    SecurityWebFilterChain userChain(ServerHttpSecurity http, SecurityProperties security, ProblemWriter problems,
                                     ApiTokenStore apiTokens, AuditTrail audit, Accounts accounts,
                                     PasswordEncoder encoder, LoginThrottleProperties login, Clock clock) {
        ServerWebExchangeMatcher api = ServerWebExchangeMatchers.pathMatchers("/api/**", "/actuator/**", "/metrics/**");
        ServerAuthenticationEntryPoint apiEntryPoint = ProblemSecurityResponses.userEntryPoint(problems);
        // Form and Basic both sign in through the throttle; Basic failures are audited as form failures are.
        ThrottledPasswordAuthentication passwords = new ThrottledPasswordAuthentication(accounts, encoder,
                new LoginThrottle(login, clock), audit);
        ServerAuthenticationEntryPoint basicEntryPoint = LoginAudit.basicFailure(audit,
                ProblemSecurityResponses.lockedOut(problems, apiEntryPoint));
        ServerAccessDeniedHandler apiDenied = ProblemSecurityResponses.accessDenied(problems);
        DelegatingServerAuthenticationEntryPoint entryPoint = new DelegatingServerAuthenticationEntryPoint(
                new DelegatingServerAuthenticationEntryPoint.DelegateEntry(api, apiEntryPoint));
        entryPoint.setDefaultEntryPoint(new RedirectServerAuthenticationEntryPoint(AccessRules.LOGIN));
        ServerAccessDeniedHandler denied = new ServerWebExchangeDelegatingServerAccessDeniedHandler(
                new ServerWebExchangeDelegatingServerAccessDeniedHandler.DelegateEntry(api, apiDenied));
        if (security.anonymousRead()) {
            // Anonymous visitors hold READ and nothing else: every rule that needs more refuses them.
            http.anonymous(anonymous -> anonymous.authorities("ROLE_ANONYMOUS", Permission.READ.authority()));
        }
        AuthenticationWebFilter bearer = bearerFilter(new ApiTokenAuthentication(apiTokens),
                ApiTokenAuthentication::convert, ProblemSecurityResponses.apiTokenEntryPoint(problems));
        return http
                .authorizeExchange(exchanges -> {
                    for (AccessRule rule : AccessRules.TABLE) {
                        for (HttpMethod method : rule.methods()) {
                            ServerHttpSecurity.AuthorizeExchangeSpec.Access access =
                                    exchanges.pathMatchers(method, rule.patterns().toArray(String[]::new));
                            switch (rule.access()) {
                                case PUBLIC -> access.permitAll();
                                // Served by the agent chain; on this one nobody gets through.
                                case AGENT -> access.denyAll();
                                case READ, ACK, ADMIN -> access.hasAuthority(rule.access().permission().authority());
                            }
                        }
                    }
                    // Closed by default: what the table does not name is for admins only.
                    exchanges.anyExchange().hasAuthority(Permission.ADMIN.authority());
                })
                // Before HTTP Basic and the login form: a presented bearer token is always checked, so a
                // wrong one is refused everywhere, also on a path the login form would have handled.
                .addFilterBefore(bearer, SecurityWebFiltersOrder.HTTP_BASIC)
                .addFilterAt(new ClientAddress(), SecurityWebFiltersOrder.FIRST)
                .authenticationManager(passwords)
                .httpBasic(basic -> basic.authenticationEntryPoint(basicEntryPoint))
                .formLogin(form -> form.loginPage(AccessRules.LOGIN)
                        .authenticationSuccessHandler(LoginAudit.success(audit))
                        .authenticationFailureHandler(LoginAudit.failure(audit)))
                .logout(logout -> logout.logoutSuccessHandler(LoginAudit.logout(audit)))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(referrer -> referrer.policy(
                                ReferrerPolicyServerHttpHeadersWriter.ReferrerPolicy.SAME_ORIGIN)))
                .csrf(csrf -> csrf
                        .csrfTokenRepository(new CsrfCookies())
                        .csrfTokenRequestHandler(new PageCsrfTokenHandler())
                        .requireCsrfProtectionMatcher(new AndServerWebExchangeMatcher(CsrfWebFilter.DEFAULT_CSRF_MATCHER,
                                new NegatedServerWebExchangeMatcher(SecurityConfiguration::bearerRequest)))
                        .accessDeniedHandler(denied))
                .exceptionHandling(handling -> handling.authenticationEntryPoint(entryPoint).accessDeniedHandler(denied))
                .build();
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    @Bean
    Accounts users(SecurityProperties security, PasswordEncoder encoder, GeneratedPasswordRepository generated,
                   Clock clock) {
        return new Accounts(security, encoder, new InitialAdminPassword(security.adminUser(), generated, encoder,
                new SecureRandom(), clock, security.resetAdminPassword()));
    }

    /** A stateless bearer-token filter whose failures (401, or 503 when the store is down) go to the entry point. */
    private static AuthenticationWebFilter bearerFilter(ReactiveAuthenticationManager manager,
                                                        ServerAuthenticationConverter converter,
                                                        ServerAuthenticationEntryPoint entryPoint) {
        AuthenticationWebFilter bearer = new AuthenticationWebFilter(manager);
        bearer.setServerAuthenticationConverter(converter);
        ServerAuthenticationEntryPointFailureHandler failure = new ServerAuthenticationEntryPointFailureHandler(entryPoint);
        // A state store that cannot answer is the entry point's 503, not an unhandled error (a 500).
        failure.setRethrowAuthenticationServiceException(false);
        bearer.setAuthenticationFailureHandler(failure);
        bearer.setSecurityContextRepository(NoOpServerSecurityContextRepository.getInstance());
        return bearer;
    }

    private static Mono<ServerWebExchangeMatcher.MatchResult> bearerRequest(ServerWebExchange exchange) {
        String header = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        return header != null && header.toLowerCase(Locale.ROOT).startsWith("bearer ")
                ? ServerWebExchangeMatcher.MatchResult.match() : ServerWebExchangeMatcher.MatchResult.notMatch();
    }
}
