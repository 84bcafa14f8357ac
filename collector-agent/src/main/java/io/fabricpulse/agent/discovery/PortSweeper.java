package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.ClassPortInfo;
import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.PortCounterValues;
import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.umad.EngineSettings;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Reads the counters of many ports at once: every request of a sweep goes to the engine together and
 * its window keeps them in flight, so a sweep costs about (requests / window) round trips. Per port:
 * PortCounters (error counters, 32-bit data), PortCountersExtended when asked for and the port's
 * ClassPortInfo says it has them, PortInfo (LID-routed) when asked for. ClassPortInfo is read once per
 * LID and remembered until {@link #forget()}, so warm sweeps send only the counter requests.
 * <p>
 * A port whose requests fail is left out of that sweep and counted; nothing a port does stops a sweep.
 */
public final class PortSweeper {

    private static final int MAX_PROBLEM_LINES = 20;
    private static final Duration VERDICT_MARGIN = Duration.ofSeconds(5);

    private final MadCalls calls;
    private final Clock clock;
    private final long verdictMillis;
    private final Map<Integer, ClassPortInfo> classPortInfo = new HashMap<>();

    public PortSweeper(MadCalls calls, EngineSettings settings, Clock clock) {
        this.calls = calls;
        this.clock = clock;
        this.verdictMillis = settings.timeout().multipliedBy(settings.retries() + 1L).plus(VERDICT_MARGIN).toMillis();
    }

    /** Drops the remembered ClassPortInfo (after a rediscovery: LIDs may now name other ports). */
    public void forget() {
        classPortInfo.clear();
    }

    /**
     * @param extended     also read the 64-bit PortCountersExtended where supported ({@code -x})
     * @param withPortInfo also read each port's PortInfo (state, width, speed now)
     */
    public SweepResult sweep(List<SweepTarget> targets, boolean extended, boolean withPortInfo) {
        Instant started = clock.instant();
        List<String> problems = new ArrayList<>();
        Map<Integer, String> lidFailures = readClassPortInfo(targets, problems);
        List<Pending> pending = new ArrayList<>(targets.size());
        for (SweepTarget target : targets) {
            ClassPortInfo cpi = classPortInfo.get(target.lid());
            if (cpi == null) {
                pending.add(new Pending(target, null, null, null, null));
                continue;
            }
            boolean wantExtended = extended && cpi.hasExtendedCounters();
            pending.add(new Pending(target, cpi,
                    calls.submit(Mads.perfGet(target.lid(), MadAttribute.PORT_COUNTERS, target.port())),
                    wantExtended ? calls.submit(Mads.perfGet(target.lid(), MadAttribute.PORT_COUNTERS_EXTENDED,
                            target.port())) : null,
                    withPortInfo ? calls.submit(Mads.smpGet(new MadRoute.Lid(target.lid()), MadAttribute.PORT_INFO,
                            target.port())) : null));
        }
        awaitAll(pending.stream().flatMap(Pending::futures).toList());
        List<PortSample> samples = new ArrayList<>(targets.size());
        int failed = 0;
        for (Pending p : pending) {
            try {
                if (p.cpi() == null) {
                    throw new SweepFailure("ClassPortInfo at LID " + p.target().lid() + ": "
                            + lidFailures.get(p.target().lid()));
                }
                samples.add(sample(p));
            } catch (SweepFailure e) {
                failed++;
                if (problems.size() < MAX_PROBLEM_LINES) {
                    problems.add("port %d at LID %d: %s".formatted(p.target().port(), p.target().lid(), e.getMessage()));
                }
            }
        }
        return new SweepResult(samples, failed, problems, Duration.between(started, clock.instant()));
    }

    /** Reads ClassPortInfo at every LID not known yet; returns why each failed LID failed. */
    private Map<Integer, String> readClassPortInfo(List<SweepTarget> targets, List<String> problems) {
        Map<Integer, CompletableFuture<byte[]>> asked = new LinkedHashMap<>();
        for (SweepTarget target : targets) {
            if (!classPortInfo.containsKey(target.lid()) && !asked.containsKey(target.lid())) {
                // perfquery asks ClassPortInfo with the port it is about to read; so do we.
                asked.put(target.lid(), calls.submit(Mads.perfGet(target.lid(), MadAttribute.PERF_CLASS_PORT_INFO,
                        target.port())));
            }
        }
        awaitAll(List.copyOf(asked.values()));
        Map<Integer, String> failures = new HashMap<>();
        asked.forEach((lid, future) -> {
            try {
                classPortInfo.put(lid, ClassPortInfo.decode(await(future)));
            } catch (SweepFailure e) {
                failures.put(lid, e.getMessage());
            }
        });
        return failures;
    }

    private MadData await(CompletableFuture<byte[]> future) throws SweepFailure {
        try {
            return MadData.of(future.get(verdictMillis, TimeUnit.MILLISECONDS));
        } catch (ExecutionException e) {
            throw new SweepFailure(e.getCause() instanceof MadException ? e.getCause().getMessage()
                    : "failed unexpectedly: " + e.getCause());
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new SweepFailure("no verdict within " + verdictMillis + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SweepFailure("interrupted");
        } catch (MadException e) {
            throw new SweepFailure(e.getMessage());
        }
    }

    /** Waits for all of one port's answers; every future is awaited even after one failed, so none is left behind. */
    private PortSample sample(Pending p) throws SweepFailure {
        Map<String, Long> counters = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        MadData pc = awaitOrNote(p.counters(), "PortCounters", failures);
        MadData ext = p.extended() == null ? null : awaitOrNote(p.extended(), "PortCountersExtended", failures);
        MadData info = p.portInfo() == null ? null : awaitOrNote(p.portInfo(), "PortInfo", failures);
        if (!failures.isEmpty()) {
            throw new SweepFailure(String.join("; ", failures));
        }
        PortCounterValues.addPortCounters(counters, pc, p.cpi());
        if (ext != null) {
            PortCounterValues.addExtended(counters, ext, p.cpi());
        }
        CounterWidth width = ext == null ? CounterWidth.BASIC
                : CounterWidth.of(true, PortCounterValues.extendedErrors(p.cpi()));
        return new PortSample(p.target(), info == null ? null : PortInfo.decode(info), width, counters);
    }

    private MadData awaitOrNote(CompletableFuture<byte[]> future, String what, List<String> failures) {
        try {
            return await(future);
        } catch (SweepFailure e) {
            failures.add(what + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * Waits for every answer of a sweep at once: one wake-up at the end instead of one per answer (a
     * thread switch each). Bounded by the verdict time after the last answer that came.
     */
    private void awaitAll(List<CompletableFuture<byte[]>> futures) {
        CompletableFuture<Void> all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
        long doneBefore = -1;
        while (!all.isDone()) {
            long done = futures.stream().filter(CompletableFuture::isDone).count();
            if (done == doneBefore) {
                return;
            }
            doneBefore = done;
            try {
                all.get(verdictMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // a failed request is that port's problem, read below; a stall is checked above
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** One port's requests in flight; null futures were not asked. */
    private record Pending(SweepTarget target, ClassPortInfo cpi, CompletableFuture<byte[]> counters,
                           CompletableFuture<byte[]> extended, CompletableFuture<byte[]> portInfo) {

        Stream<CompletableFuture<byte[]>> futures() {
            return Stream.of(counters, extended, portInfo).filter(Objects::nonNull);
        }
    }

    /** Why one port is missing from a sweep. */
    private static final class SweepFailure extends Exception {
        SweepFailure(String message) {
            super(message, null, false, false);
        }
    }
}
