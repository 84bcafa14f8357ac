package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.ingest.BatchSink.Outcome;
import io.fabricpulse.server.ingest.IngestUnavailableException;
import io.fabricpulse.server.pipeline.resume.AgentMark;
import io.fabricpulse.server.pipeline.resume.PortLastSample;
import io.fabricpulse.server.pipeline.resume.ReplicaMarks;
import io.fabricpulse.server.pipeline.resume.ResumeRepository;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.SeriesStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * One flush of the pipeline: a group of batches applied to the live fabric and made durable with one
 * series-store write and one state-store transaction; only then are their answers completed.
 *
 * <ul>
 *   <li>Resuming: for an agent whose stored mark differs from the one this server stored last (after a
 *       restart, or another replica took its previous batch), the stored last samples of the batch's
 *       nodes are loaded first, and the live fabric resumes every port from them when they are newer.</li>
 *   <li>Replays: a batch covered by the agent's mark (stored, or stored by this server) is answered
 *       {@link Outcome#ALREADY_APPLIED} and changes nothing, across restarts and replicas.</li>
 *   <li>Whole replicas: a batch another replica stored first is applied all the same (this replica's pages,
 *       windows and series stay whole), marked {@link FabricUpdate#judgedElsewhere()}: its alerts were
 *       opened and resolved by the replica that stored it.</li>
 *   <li>Store outage: the flush's answers fail with {@link IngestUnavailableException} (503, the agents
 *       keep their batches) and what was applied is retained and stored first in the next flush; until
 *       that succeeds, new batches are refused unapplied. A retained flush lost with the process is
 *       harmless: its batches were never acknowledged, and their replays resume from the stored state.</li>
 * </ul>
 * Not thread-safe: the pipeline's one worker thread runs every flush.
 */
final class HandOff {

    private static final Logger log = LoggerFactory.getLogger(HandOff.class);

    private final LiveFabric fabric;
    private final SeriesStore series;
    private final ResumeRepository resume;
    private final Duration storeTimeout;
    private final Duration retryAfter;
    private final List<AppliedBatchListener> listeners;
    private final ResumeThrottle throttle;
    /** Per agent, the newest mark this server stored; equal to the stored one means memory is current. */
    private final Map<String, AgentMark> storedHere = new HashMap<>();
    private Durable retained;

    /**
     * A batch waiting for its flush, with the answer to complete, when it was queued (the pipeline's nano clock) and its
     * port samples (counted once: the pipeline asks when it queues, groups and drops the batch).
     */
    record Pending(IngestBatch batch, CompletableFuture<Outcome> answer, long queuedAtNanos, int ports) {

        Pending(IngestBatch batch, CompletableFuture<Outcome> answer, long queuedAtNanos) {
            this(batch, answer, queuedAtNanos, batch.portCount());
        }
    }

    /** Writes every port's last sample in every flush (no {@link ResumeThrottle} interval) and tells no listeners. */
    HandOff(LiveFabric fabric, SeriesStore series, ResumeRepository resume, Duration storeTimeout, Duration retryAfter) {
        this(fabric, series, resume, storeTimeout, retryAfter, Duration.ZERO, new PortIndex(), List.of());
    }

    HandOff(LiveFabric fabric, SeriesStore series, ResumeRepository resume, Duration storeTimeout, Duration retryAfter,
            Duration resumeInterval, PortIndex index, List<AppliedBatchListener> listeners) {
        this.listeners = List.copyOf(listeners);
        this.throttle = new ResumeThrottle(resumeInterval, index);
        this.fabric = fabric;
        this.series = series;
        this.resume = resume;
        this.storeTimeout = storeTimeout;
        this.retryAfter = retryAfter;
    }

    private void tellListeners(IngestBatch batch, boolean judgedElsewhere) {
        for (AppliedBatchListener listener : listeners) {
            try {
                listener.applied(batch, judgedElsewhere);
            } catch (RuntimeException fault) {
                // The batch is applied; a feature's fault must not turn that into an ingest error.
                log.error("{} failed on batch {} of agent {}", listener, batch.sequence(), batch.agentId(), fault);
            }
        }
    }

    void flush(List<Pending> group) {
        ReplicaMarks marks;
        Map<String, AgentMark> stored;
        Map<PortLastSample.PortId, StoredBaselines.Sample> baselines;
        try {
            storeRetained();
            marks = Objects.requireNonNull(resume.marks(agents(group)).block(storeTimeout));
            stored = marks.here();
            Set<String> nodes = nodesToResume(group, stored);
            baselines = nodes.isEmpty() ? Map.of() : Objects.requireNonNull(resume.lastSamples(nodes).block(storeTimeout));
        } catch (RuntimeException fault) {
            refuse(group, fault);
            return;
        }
        Durable durable = new Durable();
        List<Object> outcomes = new ArrayList<>(group.size());
        StoredBaselines lookup = (guid, port) -> baselines.get(new PortLastSample.PortId(guid, port));
        for (Pending pending : group) {
            IngestBatch batch = pending.batch();
            AgentMark mark = newest(stored.get(batch.agentId()), storedHere.get(batch.agentId()));
            if (mark != null && mark.covers(batch.sequence(), batch.collectedAt())) {
                outcomes.add(Outcome.ALREADY_APPLIED);
                continue;
            }
            try {
                FabricUpdate update = fabric.apply(batch, lookup,
                        marks.storedElsewhere(batch.agentId(), batch.sequence(), batch.collectedAt()));
                durable.add(batch, update);
                tellListeners(batch, update.judgedElsewhere());
                outcomes.add(Outcome.APPLIED);
            } catch (RuntimeException fault) {
                log.error("batch {} of agent {} could not be applied", batch.sequence(), batch.agentId(), fault);
                outcomes.add(fault);
            }
        }
        try {
            store(durable);
        } catch (RuntimeException fault) {
            retained = durable;
            refuse(group, fault);
            return;
        }
        if (!durable.withoutRate().isEmpty()) {
            series.expect(durable.withoutRate());
        }
        for (int i = 0; i < group.size(); i++) {
            CompletableFuture<Outcome> answer = group.get(i).answer();
            if (outcomes.get(i) instanceof Outcome outcome) {
                answer.complete(outcome);
            } else {
                answer.completeExceptionally((Throwable) outcomes.get(i));
            }
        }
    }

    /** Whether a flush that failed to store is still waiting for the stores. */
    boolean hasRetained() {
        return retained != null;
    }

    private void storeRetained() {
        if (retained != null) {
            store(retained);
            log.info("stores reachable again: the data of the flush that had failed is stored now");
            retained = null;
        }
    }

    /** Series first: a crash between the two writes leaves the baselines behind, so the replay rewrites the same points. */
    private void store(Durable durable) {
        if (durable.isEmpty()) {
            return;
        }
        if (!durable.points().isEmpty()) {
            series.write(durable.points());
        }
        List<PortLastSample> lastSamples = durable.lastSamplesDue(throttle);
        resume.save(lastSamples, List.copyOf(durable.marks().values())).block(storeTimeout);
        throttle.stored(lastSamples);
        storedHere.putAll(durable.marks());
    }

    private void refuse(List<Pending> group, RuntimeException fault) {
        log.warn("ingest stores unavailable, refusing {} batches with 503: {}", group.size(), fault.toString());
        IngestUnavailableException unavailable = new IngestUnavailableException(
                "the server cannot store data now (" + fault.getMessage() + "); keep the batch and send it again later",
                retryAfter, fault);
        group.forEach(pending -> pending.answer().completeExceptionally(unavailable));
    }

    private Set<String> nodesToResume(List<Pending> group, Map<String, AgentMark> stored) {
        Set<String> nodes = new HashSet<>();
        for (Pending pending : group) {
            String agent = pending.batch().agentId();
            AgentMark known = stored.get(agent);
            if (known != null && !known.equals(storedHere.get(agent))) {
                pending.batch().nodes().forEach(node -> nodes.add(node.guid()));
            }
        }
        return nodes;
    }

    private static Set<String> agents(List<Pending> group) {
        Set<String> agents = new LinkedHashSet<>();
        group.forEach(pending -> agents.add(pending.batch().agentId()));
        return agents;
    }

    private static AgentMark newest(AgentMark a, AgentMark b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return b.isAfter(a) ? b : a;
    }
}
