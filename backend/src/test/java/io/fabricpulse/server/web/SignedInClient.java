package io.fabricpulse.server.web;

import org.springframework.context.ApplicationContext;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.mockUser;
import static org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.springSecurity;

/** A {@link WebTestClient} for a {@link WebPageTest} slice, signed in as an ordinary user. */
public final class SignedInClient {

    private SignedInClient() {
    }

    public static WebTestClient of(ApplicationContext context) {
        return WebTestClient.bindToApplicationContext(context)
                .apply(springSecurity())
                .configureClient()
                .build()
                .mutateWith(mockUser("noc"));
    }
}
