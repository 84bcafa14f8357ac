package io.fabricpulse.server.web;

import io.fabricpulse.server.security.Role;
import org.springframework.context.ApplicationContext;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.mockUser;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.springSecurity;

/** A {@link WebTestClient} for a {@link WebPageTest} slice or a whole server, signed in as a person. */
public final class SignedInClient {

    private SignedInClient() {
    }

    /** Signed in as an ordinary user without a role (page slices, which leave authorization out). */
    public static WebTestClient of(ApplicationContext context) {
        return client(context).mutateWith(mockUser("noc"));
    }

    /** Signed in with {@code role}'s authorities, as the server's accounts are. */
    public static WebTestClient as(ApplicationContext context, Role role) {
        return client(context).mutateWith(mockUser("noc")
                .authorities(role.authorities()));
    }

    private static WebTestClient client(ApplicationContext context) {
        return WebTestClient.bindToApplicationContext(context)
                .apply(springSecurity())
                .configureClient()
                .build();
    }
}
