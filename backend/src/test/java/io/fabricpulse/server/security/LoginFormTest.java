package io.fabricpulse.server.security;

import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditQuery;
import io.fabricpulse.server.security.audit.AuditTrail;
import io.fabricpulse.server.testing.ServerTest;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.web.reactive.function.BodyInserters;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sign-in page as a browser uses it: the form carries a CSRF token, a right password opens a
 * session that reaches the pages, a wrong one returns to the form; both are in the audit log, and
 * so is signing out.
 */
class LoginFormTest extends ServerTest {

    @Autowired
    private AuditTrail audit;

    private record Form(String csrfCookie, String csrfField) {
    }

    private Form loginForm() {
        EntityExchangeResult<String> page = web.get().uri("/login").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult();
        Document html = Jsoup.parse(page.getResponseBody());
        assertThat(html.title()).isEqualTo("Sign in · FabricPulse");
        assertThat(html.select("form[action=/login][method=post] input[name=username]")).hasSize(1);
        return new Form(page.getResponseCookies().getFirst(RoleMatrix.CSRF_COOKIE).getValue(),
                html.selectFirst("input[name=_csrf]").val());
    }

    private EntityExchangeResult<Void> signIn(Form form, String user, String password) {
        return web.post().uri("/login").cookie(RoleMatrix.CSRF_COOKIE, form.csrfCookie())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("username", user).with("password", password)
                        .with("_csrf", form.csrfField()))
                .exchange().expectStatus().isFound().expectBody(Void.class).returnResult();
    }

    private List<String> audited(String actor) {
        return audit.find(new AuditQuery(actor, null, null, null, null, null, 10)).map(AuditEntry::action)
                .collectList().block();
    }

    @Test
    void theRightPasswordOpensASessionThatReachesThePagesAndSignsOut() {
        Form form = loginForm();
        assertThat(form.csrfField()).as("masked per render, not the cookie's value").isNotEqualTo(form.csrfCookie());

        EntityExchangeResult<Void> signedIn = signIn(form, VIEWER, VIEWER_PASSWORD);

        assertThat(signedIn.getResponseHeaders().getFirst(HttpHeaders.LOCATION)).isEqualTo("/");
        String session = signedIn.getResponseCookies().getFirst("SESSION").getValue();
        String page = web.get().uri("/").cookie("SESSION", session).exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(Jsoup.parse(page).selectFirst("form.sign-out span").text()).isEqualTo(VIEWER);

        web.post().uri("/logout").cookie("SESSION", session).cookie(RoleMatrix.CSRF_COOKIE, form.csrfCookie())
                .header(RoleMatrix.CSRF_HEADER, form.csrfCookie()).exchange()
                .expectStatus().isFound().expectHeader().valueEquals(HttpHeaders.LOCATION, "/login?logout");
        web.get().uri("/").cookie("SESSION", session).exchange()
                .expectStatus().isFound().expectHeader().valueEquals(HttpHeaders.LOCATION, "/login");
        assertThat(audited(VIEWER)).containsSubsequence("logout", "login.success");
    }

    @Test
    void aWrongPasswordReturnsToTheFormAndIsAuditedUnderTheTriedName() {
        String tried = "mallory-" + UUID.randomUUID().toString().substring(0, 8);

        EntityExchangeResult<Void> refused = signIn(loginForm(), tried, "guess");

        assertThat(refused.getResponseHeaders().getFirst(HttpHeaders.LOCATION)).isEqualTo("/login?error");
        assertThat(audited(tried)).containsExactly("login.failure");
        String again = web.get().uri("/login?error").exchange().expectBody(String.class).returnResult().getResponseBody();
        assertThat(Jsoup.parse(again).selectFirst("[role=alert]").text()).isEqualTo("Wrong user name or password.");
    }

    @Test
    void aSignInWithoutTheCsrfTokenIsRefused() {
        web.post().uri("/login").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("username", ADMIN).with("password", ADMIN_PASSWORD))
                .exchange().expectStatus().isForbidden();
        Form form = loginForm();
        web.post().uri("/login").cookie(RoleMatrix.CSRF_COOKIE, form.csrfCookie())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("username", ADMIN).with("password", ADMIN_PASSWORD)
                        .with("_csrf", "forged"))
                .exchange().expectStatus().isForbidden();
    }
}
