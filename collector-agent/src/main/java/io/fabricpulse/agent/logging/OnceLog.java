package io.fabricpulse.agent.logging;

import org.slf4j.Logger;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Logs a recurring problem once instead of on every poll. A problem has a subject (a file, "push",
 * "poll") and a reason; the first time a subject shows a reason the message goes out at WARN,
 * repeats of the same reason go to DEBUG, a different reason is logged again, and when the subject
 * works again one INFO line says so — so a later recurrence is reported afresh.
 * <p>
 * Thread-safe. The number of remembered subjects is bounded: past the bound the memory is
 * forgotten (problems are then reported once more), which costs a few repeated lines, never memory.
 */
public final class OnceLog {

    private static final int MAX_SUBJECTS = 4096;

    private final Logger logger;
    private final Map<String, String> reasonBySubject = new ConcurrentHashMap<>();

    public OnceLog(Logger logger) {
        this.logger = logger;
    }

    /**
     * Reports {@code subject} failing for {@code reason}.
     *
     * @return true when the message was logged at WARN (first time for this subject and reason)
     */
    public boolean warn(String subject, String reason, Supplier<String> message) {
        if (reasonBySubject.size() >= MAX_SUBJECTS && !reasonBySubject.containsKey(subject)) {
            reasonBySubject.clear();
        }
        String previous = reasonBySubject.put(subject, reason);
        if (reason.equals(previous)) {
            if (logger.isDebugEnabled()) {
                logger.debug(message.get());
            }
            return false;
        }
        logger.warn(message.get());
        return true;
    }

    /** Reports {@code subject} working; logs {@code message} at INFO only if a problem with it was reported. */
    public void clear(String subject, Supplier<String> message) {
        if (reasonBySubject.remove(subject) != null) {
            logger.info(message.get());
        }
    }

    /** True while a problem with {@code subject} is reported and not cleared. */
    public boolean isFailing(String subject) {
        return reasonBySubject.containsKey(subject);
    }
}
