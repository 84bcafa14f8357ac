package io.fabricpulse.server.security.token;

import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The memory of a token store on one replica: valid tokens by hash for {@code ttl}, so a busy client
 * costs no query per request, and when each token's last use was last written, so that write happens
 * at most once per {@code lastUsedInterval}. Agent tokens and API tokens both keep one.
 *
 * @param <T> the token as the store hands it out
 */
public final class ValidTokenCache<T> {

    private final Duration ttl;
    private final Duration lastUsedInterval;
    private final ToLongFunction<T> id;
    private final Map<String, Cached<T>> valid = new ConcurrentHashMap<>();
    private final Map<Long, Instant> lastUsedWritten = new ConcurrentHashMap<>();
    /**
     * Counts revocations made here. A lookup caches what it read only if no revocation happened
     * meanwhile, so a lookup racing a revocation cannot put the revoked token back into the cache.
     */
    private final AtomicLong revocations = new AtomicLong();

    private record Cached<T>(T token, Instant readAt) {
    }

    /** @param id a token's database id */
    public ValidTokenCache(Duration ttl, Duration lastUsedInterval, ToLongFunction<T> id) {
        this.ttl = ttl;
        this.lastUsedInterval = lastUsedInterval;
        this.id = id;
    }

    /**
     * The cached valid token with this hash, or what {@code read} finds (a valid token, or empty),
     * which is then cached or forgotten.
     */
    public Mono<T> find(String hash, Instant now, Supplier<Mono<T>> read) {
        Cached<T> cached = valid.get(hash);
        if (cached != null && now.isBefore(cached.readAt().plus(ttl))) {
            return Mono.just(cached.token());
        }
        long generation = revocations.get();
        return read.get()
                .doOnNext(token -> {
                    if (revocations.get() == generation) {
                        valid.put(hash, new Cached<>(token, now));
                    }
                })
                .switchIfEmpty(Mono.fromRunnable(() -> valid.remove(hash)));
    }

    /** Whether this use is the first of its interval, so its time should be written; counts it as written. */
    public boolean lastUseDue(long tokenId, Instant now) {
        boolean[] due = new boolean[1];
        lastUsedWritten.compute(tokenId, (key, last) -> {
            due[0] = last == null || !now.isBefore(last.plus(lastUsedInterval));
            return due[0] ? now : last;
        });
        return due[0];
    }

    /** The write {@link #lastUseDue} asked for failed: the next use tries again. */
    public void lastUseNotWritten(long tokenId) {
        lastUsedWritten.remove(tokenId);
    }

    /** The token was revoked here: it stops at once. */
    public void forget(long tokenId) {
        revocations.incrementAndGet();
        valid.values().removeIf(cached -> id.applyAsLong(cached.token()) == tokenId);
        lastUsedWritten.remove(tokenId);
    }
}
