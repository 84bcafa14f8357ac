package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.MadRequest;

import java.util.concurrent.CompletableFuture;

/**
 * Where discovery and sweeps send their requests: {@code MadEngine::submit} on a local port. The
 * future completes with the response already checked against its request, or with a
 * {@link io.fabricpulse.agent.mad.MadException} (timeout after the retries, error status, malformed
 * answer); it always completes, so a caller that waits for every future it started terminates.
 */
@FunctionalInterface
public interface MadCalls {

    CompletableFuture<byte[]> submit(MadRequest request);
}
