package io.fabricpulse.server.security;

import io.fabricpulse.agent.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The throttle's figures in docs/OPERATIONS.md ("Sign-in throttle"), on a clock: a guesser who tries again
 * the moment a lockout ends, with the defaults. If a default changes, these figures and that page change
 * together.
 */
class LoginThrottleTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    /** About what one wrong password costs the server (a bcrypt check): the guesser's own pace. */
    private static final Duration ANSWER = Duration.ofMillis(80);
    private static final LoginThrottleProperties DEFAULTS = new LoginThrottleProperties(5, 30,
            Duration.ofSeconds(1), Duration.ofMinutes(15), Duration.ofMinutes(15), 100_000);

    @Test
    void oneUserNameGetsTenGuessesInTheFirstMinuteFourteenInAQuarterHourThenAboutThirtyFourAnHour() {
        Guesses guesses = guess(i -> "admin", Duration.ofHours(2));

        assertThat(guesses.within(Duration.ofMinutes(1))).isEqualTo(10);
        assertThat(guesses.within(Duration.ofMinutes(15))).isEqualTo(14);
        assertThat(guesses.within(Duration.ofHours(2)) - guesses.within(Duration.ofHours(1)))
                .as("guesses in the second hour").isBetween(30, 38);
    }

    @Test
    void oneAddressSprayingNamesGetsAboutThirtyFiveInTheFirstMinuteAndAHundredAndThirtySixAnHour() {
        Guesses guesses = guess(i -> "name-" + i, Duration.ofHours(2));

        assertThat(guesses.within(Duration.ofMinutes(1))).isBetween(33, 37);
        assertThat(guesses.within(Duration.ofHours(2)) - guesses.within(Duration.ofHours(1)))
                .as("guesses in the second hour").isBetween(125, 145);
    }

    @Test
    void theRightPasswordIsRefusedWhileLockedOutAndForgivesTheNameOnlyAfterwards() {
        MutableClock clock = new MutableClock(T0);
        LoginThrottle throttle = new LoginThrottle(DEFAULTS, clock);
        for (int i = 0; i < 5; i++) {
            throttle.failed("admin", "192.0.2.1");
        }
        assertThat(throttle.lockedFor("admin", "192.0.2.1")).isEqualTo(Duration.ofSeconds(1));
        assertThat(throttle.lockedFor("admin", "192.0.2.99")).as("the name is locked from anywhere")
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(throttle.lockedFor("operator", "192.0.2.1")).as("the address has failures to spare").isZero();
        clock.advance(Duration.ofSeconds(1));
        throttle.succeeded("admin");
        assertThat(throttle.failed("admin", "192.0.2.1").lockedOut()).as("forgiven: free failures again").isFalse();
    }

    private static Guesses guess(IntFunction<String> user, Duration during) {
        MutableClock clock = new MutableClock(T0);
        LoginThrottle throttle = new LoginThrottle(DEFAULTS, clock);
        Guesses guesses = new Guesses();
        for (int i = 0; clock.instant().isBefore(T0.plus(during)); ) {
            Duration locked = throttle.lockedFor(user.apply(i), "198.51.100.7");
            if (locked.isPositive()) {
                clock.advance(locked);
                continue;
            }
            guesses.at(Duration.between(T0, clock.instant()));
            throttle.failed(user.apply(i), "198.51.100.7");
            i++;
            clock.advance(ANSWER);
        }
        return guesses;
    }

    /** When each guess was made, from the start. */
    private static final class Guesses {
        private final java.util.List<Duration> times = new java.util.ArrayList<>();

        void at(Duration sinceStart) {
            times.add(sinceStart);
        }

        int within(Duration sinceStart) {
            return (int) times.stream().filter(time -> time.compareTo(sinceStart) < 0).count();
        }
    }
}
