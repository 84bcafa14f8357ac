package io.fabricpulse.server.security;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The generated admin password: made and printed once, the same on every restart and replica, resettable. */
public interface InitialAdminPasswordContract extends StateContract {

    Pattern PRINTED = Pattern.compile("password: (\\S+)");
    PasswordEncoder ENCODER = PasswordEncoderFactories.createDelegatingPasswordEncoder();

    private InitialAdminPassword start(boolean reset) {
        return new InitialAdminPassword("admin", new GeneratedPasswordRepository(state().client()), ENCODER,
                new SecureRandom(), new MutableClock(Instant.parse("2026-03-01T12:00:00Z")), reset);
    }

    /** Runs {@code prepare()} as a server start does and returns the passwords it printed. */
    private List<String> printedAtStart(InitialAdminPassword password) {
        Logger logger = (Logger) LoggerFactory.getLogger(InitialAdminPassword.class);
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        logger.addAppender(captured);
        try {
            password.prepare().block();
        } finally {
            logger.detachAppender(captured);
        }
        return captured.list.stream().map(ILoggingEvent::getFormattedMessage).map(PRINTED::matcher)
                .filter(Matcher::find).map(found -> found.group(1)).toList();
    }

    @Test
    default void theFirstStartPrintsAPasswordThatLaterStartsKeepWithoutPrinting() {
        List<String> first = printedAtStart(start(false));
        assertThat(first).hasSize(1);
        String stored = new GeneratedPasswordRepository(state().client()).find("admin").block();
        assertThat(stored).startsWith("{bcrypt}").doesNotContain(first.getFirst());
        assertThat(ENCODER.matches(first.getFirst(), stored)).isTrue();

        InitialAdminPassword restarted = start(false);
        assertThat(printedAtStart(restarted)).as("printed only once").isEmpty();
        assertThat(restarted.encoded().block()).isEqualTo(stored);
    }

    @Test
    default void aReplicaThatLosesTheRaceUsesTheWinnersPassword() {
        GeneratedPasswordRepository repository = new GeneratedPasswordRepository(state().client());
        assertThat(repository.insert("admin", "{bcrypt}winner", Instant.EPOCH).block()).isTrue();

        assertThat(repository.insert("admin", "{bcrypt}loser", Instant.EPOCH).block()).isFalse();
        assertThat(start(false).encoded().block()).isEqualTo("{bcrypt}winner");
    }

    @Test
    default void aResetForgetsTheOldPasswordAndPrintsANewOne() {
        List<String> first = printedAtStart(start(false));

        List<String> afterReset = printedAtStart(start(true));

        assertThat(afterReset).hasSize(1).doesNotContainAnyElementsOf(first);
        String stored = new GeneratedPasswordRepository(state().client()).find("admin").block();
        assertThat(ENCODER.matches(afterReset.getFirst(), stored)).isTrue();
        assertThat(ENCODER.matches(first.getFirst(), stored)).isFalse();
    }
}
