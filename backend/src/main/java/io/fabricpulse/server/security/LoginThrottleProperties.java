package io.fabricpulse.server.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.security.login.*}: how sign-in guessing is slowed down (form and HTTP Basic alike).
 *
 * @param failuresPerUser    wrong passwords for one user name before it is locked out; they are forgiven
 *                           one by one over {@code forgiveAfter}
 * @param failuresPerAddress the same for one client address (many user names tried from one place)
 * @param firstLockout       the first lockout; each further failure while the free ones are used up doubles it
 * @param maxLockout         the longest lockout
 * @param forgiveAfter       the time over which all free failures come back
 * @param tracked            user names and addresses remembered each; the least recently seen go first
 */
@ConfigurationProperties("fabricpulse.security.login")
public record LoginThrottleProperties(@DefaultValue("5") int failuresPerUser,
                                      @DefaultValue("30") int failuresPerAddress,
                                      @DefaultValue("1s") Duration firstLockout,
                                      @DefaultValue("15m") Duration maxLockout,
                                      @DefaultValue("15m") Duration forgiveAfter,
                                      @DefaultValue("100000") int tracked) {

    public LoginThrottleProperties {
        if (failuresPerUser < 1 || failuresPerAddress < 1 || tracked < 1) {
            throw new IllegalArgumentException("fabricpulse.security.login.failures-per-user, failures-per-address "
                    + "and tracked must be at least 1");
        }
        if (firstLockout.isNegative() || firstLockout.isZero() || maxLockout.compareTo(firstLockout) < 0
                || forgiveAfter.isNegative() || forgiveAfter.isZero()) {
            throw new IllegalArgumentException("fabricpulse.security.login: need 0 < first-lockout <= max-lockout and "
                    + "a positive forgive-after");
        }
    }
}
