package io.fabricpulse.server.security;

import io.fabricpulse.server.ingest.IngestProperties;
import io.fabricpulse.server.problem.ProblemWriter;
import io.fabricpulse.server.state.token.AgentTokenStore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.userdetails.ReactiveUserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.server.DelegatingServerAuthenticationEntryPoint;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.AuthenticationWebFilter;
import org.springframework.security.web.server.authentication.RedirectServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.ServerAuthenticationEntryPointFailureHandler;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.security.web.server.authorization.ServerWebExchangeDelegatingServerAccessDeniedHandler;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.ui.DefaultResourcesWebFilter;
import org.springframework.security.web.server.ui.LoginPageGeneratingWebFilter;
import org.springframework.security.web.server.ui.LogoutPageGeneratingWebFilter;
import org.springframework.security.web.server.csrf.CsrfWebFilter;
import org.springframework.security.web.server.util.matcher.AndServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.NegatedServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;

import static org.springframework.security.config.Customizer.withDefaults;

/**
 * Two filter chains. Agents: {@code /api/v1/ingest} with a bearer agent token, stateless, no CSRF
 * (no browser, no cookie). People: everything else - HTTP Basic or the login form, CSRF on for the
 * browser's forms; anonymous GET of the pages and read API only when {@code anonymous-read} is on
 * (the demo). Health and static assets are public. API paths answer 401/403 as problem details,
 * pages redirect to the login form.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
@EnableConfigurationProperties(SecurityProperties.class)
class SecurityConfiguration {

    static final String INGEST_PATH = "/api/v1/ingest";

    @Bean
    @Order(1)
    SecurityWebFilterChain agentChain(ServerHttpSecurity http, IngestProperties ingest, AgentTokenStore issuedTokens,
                                      ProblemWriter problems) {
        AgentTokenAuthentication tokens = new AgentTokenAuthentication(ingest.agentToken(), issuedTokens);
        ServerAuthenticationEntryPoint entryPoint = ProblemSecurityResponses.agentEntryPoint(problems);
        AuthenticationWebFilter bearer = new AuthenticationWebFilter(tokens);
        bearer.setServerAuthenticationConverter(tokens);
        ServerAuthenticationEntryPointFailureHandler failure = new ServerAuthenticationEntryPointFailureHandler(entryPoint);
        // A state store that cannot answer is the entry point's 503, not an unhandled error (a 500).
        failure.setRethrowAuthenticationServiceException(false);
        bearer.setAuthenticationFailureHandler(failure);
        bearer.setSecurityContextRepository(NoOpServerSecurityContextRepository.getInstance());
        return http
                .securityMatcher(ServerWebExchangeMatchers.pathMatchers(INGEST_PATH))
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .addFilterAt(bearer, SecurityWebFiltersOrder.AUTHENTICATION)
                .authorizeExchange(exchanges -> exchanges.anyExchange().hasRole(AgentTokenAuthentication.AGENT_ROLE))
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint(entryPoint)
                        .accessDeniedHandler(ProblemSecurityResponses.accessDenied(problems)))
                .build();
    }

    @Bean
    @Order(2)
    SecurityWebFilterChain userChain(ServerHttpSecurity http, SecurityProperties security, ProblemWriter problems) {
        ServerWebExchangeMatcher api = ServerWebExchangeMatchers.pathMatchers("/api/**", "/actuator/**");
        ServerAuthenticationEntryPoint apiEntryPoint = ProblemSecurityResponses.userEntryPoint(problems);
        ServerAccessDeniedHandler apiDenied = ProblemSecurityResponses.accessDenied(problems);
        DelegatingServerAuthenticationEntryPoint entryPoint = new DelegatingServerAuthenticationEntryPoint(
                new DelegatingServerAuthenticationEntryPoint.DelegateEntry(api, apiEntryPoint));
        entryPoint.setDefaultEntryPoint(new RedirectServerAuthenticationEntryPoint("/login"));
        ServerAccessDeniedHandler denied = new ServerWebExchangeDelegatingServerAccessDeniedHandler(
                new ServerWebExchangeDelegatingServerAccessDeniedHandler.DelegateEntry(api, apiDenied));
        return http
                .authorizeExchange(exchanges -> {
                    exchanges.pathMatchers("/actuator/health", "/actuator/health/**").permitAll();
                    exchanges.pathMatchers(HttpMethod.GET, "/css/**", "/js/**", "/webjars/**", "/favicon.ico",
                            "/favicon.svg").permitAll();
                    if (security.anonymousRead()) {
                        exchanges.pathMatchers(HttpMethod.GET, "/", "/api/**", "/events/**").permitAll();
                    }
                    exchanges.anyExchange().authenticated();
                })
                .httpBasic(basic -> basic.authenticationEntryPoint(apiEntryPoint))
                .formLogin(withDefaults())
                .csrf(csrf -> csrf.accessDeniedHandler(denied).requireCsrfProtectionMatcher(csrfProtected()))
                .exceptionHandling(handling -> handling.authenticationEntryPoint(entryPoint).accessDeniedHandler(denied))
                // Spring generates its default login/logout pages only when it chooses the entry point
                // itself; ours is explicit (problem details for the API), so add those pages here.
                .addFilterBefore(DefaultResourcesWebFilter.css(), SecurityWebFiltersOrder.LOGIN_PAGE_GENERATING)
                .addFilterAt(loginPage(), SecurityWebFiltersOrder.LOGIN_PAGE_GENERATING)
                .addFilterAt(new LogoutPageGeneratingWebFilter(), SecurityWebFiltersOrder.LOGOUT_PAGE_GENERATING)
                .build();
    }

    /**
     * CSRF guards what a browser's session cookie would authorize. The topology imports are uploads
     * made with curl and HTTP Basic: a request that carries its own {@code Authorization} header has
     * no session to ride on, so those few paths need no token then. Every other write keeps CSRF.
     */
    private static ServerWebExchangeMatcher csrfProtected() {
        ServerWebExchangeMatcher importWithCredentials = new AndServerWebExchangeMatcher(
                ServerWebExchangeMatchers.pathMatchers("/api/v1/topology/baseline", "/api/v1/names", "/api/v1/clusters"),
                exchange -> exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION) != null
                        ? ServerWebExchangeMatcher.MatchResult.match() : ServerWebExchangeMatcher.MatchResult.notMatch());
        return new AndServerWebExchangeMatcher(CsrfWebFilter.DEFAULT_CSRF_MATCHER,
                new NegatedServerWebExchangeMatcher(importWithCredentials));
    }

    private static LoginPageGeneratingWebFilter loginPage() {
        LoginPageGeneratingWebFilter page = new LoginPageGeneratingWebFilter();
        page.setFormLoginEnabled(true);
        return page;
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    @Bean
    ReactiveUserDetailsService users(SecurityProperties security, PasswordEncoder encoder) {
        return AdminAccount.users(security, encoder);
    }
}
