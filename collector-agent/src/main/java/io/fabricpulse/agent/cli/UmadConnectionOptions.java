package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Option;

import java.time.Clock;
import java.time.Duration;

/** The options every MAD command shares, named as infiniband-diags names them. */
public final class UmadConnectionOptions {

    @Option(names = {"-C", "--Ca"}, paramLabel = "CA", description = "CA to use (default: the first with an active port)")
    String ca;

    @Option(names = {"-P", "--Port"}, paramLabel = "PORT", description = "port of that CA (default: the first active)")
    Integer port;

    @Option(names = {"-t", "--timeout"}, paramLabel = "MS", defaultValue = "1000",
            description = "timeout of one attempt in ms (default: ${DEFAULT-VALUE})")
    int timeoutMs;

    @Option(names = "--retries", defaultValue = "2", description = "attempts after the first (default: ${DEFAULT-VALUE})")
    int retries;

    @Option(names = "--libibumad", defaultValue = UmadLibrary.DEFAULT_LIBRARY, paramLabel = "LIB",
            description = "libibumad to load (default: ${DEFAULT-VALUE})")
    String library;

    UmadSession open(Clock clock) throws UmadUnavailableException {
        return open(clock, 1);
    }

    /** A session whose engine keeps up to {@code window} requests in flight (1..1024). */
    UmadSession open(Clock clock, int window) throws UmadUnavailableException {
        EngineSettings settings = new EngineSettings(window, Duration.ofMillis(timeoutMs), retries);
        return UmadSession.open(UmadLibrary.load(library), ca, port, settings, clock);
    }
}
