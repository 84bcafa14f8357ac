package io.fabricpulse.server.web;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.security.autoconfigure.ReactiveUserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What every page test adds to its {@code @WebFluxTest} slice: the shared web configuration, an
 * {@link InMemoryFabricView}, times in UTC, and Spring Security as Spring Boot sets it up by default
 * (every request must be authenticated). Tests go through a client with a signed-in
 * user ({@link SignedInClient}), so they keep passing when the product's security configuration requires one for every page.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Import({WebConfiguration.class, InMemoryFabricView.class})
@ImportAutoConfiguration({ReactiveWebSecurityAutoConfiguration.class, ReactiveUserDetailsServiceAutoConfiguration.class})
@TestPropertySource(properties = "fabricpulse.ui.time-zone=UTC")
public @interface WebPageTest {
}
