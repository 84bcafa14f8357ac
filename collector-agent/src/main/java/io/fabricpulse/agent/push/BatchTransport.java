package io.fabricpulse.agent.push;

/**
 * One push attempt of an encoded batch. {@link IngestClient} is the real one; decorators (the load
 * generator's timing and status counts) wrap it without the pusher knowing.
 */
@FunctionalInterface
public interface BatchTransport {

    /** Sends {@code batch} once and says what came of it; never throws for what the network or server does. */
    PushResult send(EncodedBatch batch) throws InterruptedException;
}
