package io.fabricpulse.server.security;

import org.junit.jupiter.api.Test;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Accounts from the configuration: validated with the key at fault, plain passwords encoded at start. */
class AccountsTest {

    private static final PasswordEncoder ENCODER = PasswordEncoderFactories.createDelegatingPasswordEncoder();
    private static final String ENCODED = "{bcrypt}$2a$04$zRfMt1drtBrIc/7oZAEHmOfkz65aXRJBeJ7a0hqf.pYzN.mldVnty";

    private static SecurityProperties properties(List<SecurityProperties.User> users) {
        return new SecurityProperties("admin", "admin-secret", users, false, Duration.ofSeconds(30),
                Duration.ofMinutes(1), false);
    }

    @Test
    void everyConfiguredUserSignsInWithTheirRolesPermissions() {
        Accounts accounts = new Accounts(properties(List.of(
                new SecurityProperties.User("noc", "plain-secret", Role.OPERATOR),
                new SecurityProperties.User("wall", ENCODED, Role.VIEWER))), ENCODER, null);

        UserDetails noc = accounts.findByUsername("noc").block();
        assertThat(noc.getPassword()).startsWith("{bcrypt}").doesNotContain("plain-secret");
        assertThat(ENCODER.matches("plain-secret", noc.getPassword())).isTrue();
        assertThat(noc.getAuthorities()).extracting(GrantedAuthority::getAuthority)
                .containsExactlyInAnyOrder("ROLE_OPERATOR", "PERM_READ", "PERM_ACK");
        assertThat(accounts.findByUsername("wall").block().getPassword()).as("already encoded: kept").isEqualTo(ENCODED);
        assertThat(accounts.findByUsername("admin").block().getAuthorities()).extracting(GrantedAuthority::getAuthority)
                .containsExactlyInAnyOrder("ROLE_ADMIN", "PERM_READ", "PERM_ACK", "PERM_ADMIN");
        assertThat(accounts.findByUsername("nobody").blockOptional()).isEmpty();
        assertThat(accounts.findByUsername("NOC").blockOptional()).as("names are exact").isEmpty();
    }

    @Test
    void badUsersAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> properties(List.of(new SecurityProperties.User("noc", "x", Role.VIEWER),
                new SecurityProperties.User("noc", "y", Role.ADMIN))))
                .hasMessage("fabricpulse.security.users[1].name 'noc' is taken (by an earlier user); names must be unique");
        assertThatThrownBy(() -> properties(List.of(new SecurityProperties.User("admin", "x", Role.VIEWER))))
                .hasMessageContaining("users[0].name 'admin' is taken (by fabricpulse.security.admin-user)");
        assertThatThrownBy(() -> properties(List.of(new SecurityProperties.User("noc", " ", Role.VIEWER))))
                .hasMessage("fabricpulse.security.users[0].password is required (user 'noc')");
        assertThatThrownBy(() -> properties(List.of(new SecurityProperties.User("noc", "x", null))))
                .hasMessageContaining("users[0].role is required (user 'noc'): viewer, operator or admin");
        for (String name : new String[]{"", " noc", "a:b", "tab\there", "n".repeat(101)}) {
            assertThatThrownBy(() -> properties(List.of(new SecurityProperties.User(name, "x", Role.VIEWER))))
                    .as(name).hasMessageStartingWith("fabricpulse.security.users[0].name must be 1 to 100 characters");
        }
    }
}
