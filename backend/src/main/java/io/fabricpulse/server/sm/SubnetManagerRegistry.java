package io.fabricpulse.server.sm;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import io.fabricpulse.server.pipeline.AppliedBatchListener;
import io.fabricpulse.server.sm.store.SubnetManagerRepository;
import io.fabricpulse.server.sm.store.SubnetManagerRow;
import io.fabricpulse.server.state.BackgroundWriter;
import io.fabricpulse.server.state.WritesInBackground;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every subnet manager the agents asked (their batches' SMInfo answers): by GUID once it answered, by LID
 * while it never did. Keeps each SM's recent ActCount readings (at most {@link #READINGS}) for the hung-master
 * rule, stores what it last answered in {@code subnet_manager} (on change, and at most once a minute
 * otherwise) so a master change across a restart is still seen, and tells the {@link SubnetManagerListener}s
 * after each such batch. A batch another replica stored first is taken in but not stored again (that replica
 * wrote it), and the listeners hear it is judged elsewhere. Work per batch is per SM, a handful; thread-safe (one lock).
 */
@Component
public class SubnetManagerRegistry implements AppliedBatchListener, WritesInBackground {

    private static final Logger log = LoggerFactory.getLogger(SubnetManagerRegistry.class);
    /** Enough for the hung rule's window at one answer a second from a few agents. */
    static final int READINGS = 512;
    private static final Duration STORE_EVERY = Duration.ofMinutes(1);
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);

    private final SubnetManagerRepository repository;
    private final List<SubnetManagerListener> listeners;
    private final BackgroundWriter<SubnetManagerRow> writer;
    private final Map<String, Known> byGuid = new LinkedHashMap<>();
    private final Map<Integer, SubnetManagerView> unanswered = new LinkedHashMap<>();
    private Instant lastAsked;
    private String previousMaster;

    /** An SM that answered: its last answer and its recent readings. */
    private static final class Known {
        SubnetManagerView view;
        final ArrayDeque<SubnetManagerSnapshot.ActivityReading> readings = new ArrayDeque<>();
        SubnetManagerRow stored;

        Known(SubnetManagerView view) {
            this.view = view;
        }
    }

    @Autowired
    public SubnetManagerRegistry(SubnetManagerRepository repository, ObjectProvider<SubnetManagerListener> listeners) {
        this(repository, listeners.orderedStream().toList());
    }

    public SubnetManagerRegistry(SubnetManagerRepository repository, List<SubnetManagerListener> listeners) {
        this.repository = repository;
        this.listeners = List.copyOf(listeners);
        this.writer = new BackgroundWriter<>("fabricpulse-subnet-managers", 1_000, this::write);
    }

    @Override
    public void applied(IngestBatch batch, boolean judgedElsewhere) {
        if (batch.subnetManagers() == null || batch.subnetManagers().isEmpty()) {
            return;
        }
        SubnetManagerSnapshot snapshot;
        synchronized (this) {
            Instant at = batch.collectedAt();
            lastAsked = lastAsked == null || at.isAfter(lastAsked) ? at : lastAsked;
            for (SubnetManagerReport report : batch.subnetManagers()) {
                if (report.answered()) {
                    answered(report, at, !judgedElsewhere);
                } else {
                    unanswered(report, at);
                }
            }
            snapshot = snapshot(at, judgedElsewhere);
        }
        for (SubnetManagerListener listener : listeners) {
            try {
                listener.onSweep(snapshot);
            } catch (RuntimeException fault) {
                log.error("subnet manager listener {} failed", listener, fault);
            }
        }
    }

    /** Every SM known now: answered ones first (masters first), then those that never answered. */
    public synchronized List<SubnetManagerView> managers() {
        List<SubnetManagerView> all = new ArrayList<>();
        byGuid.values().forEach(known -> all.add(known.view));
        all.sort(Comparator.comparing((SubnetManagerView v) -> v.state() != SmState.MASTER)
                .thenComparing(SubnetManagerView::lid));
        all.addAll(unanswered.values());
        return all;
    }

    /** When any agent last asked an SM; null when none has (sysfs or sim agents only). */
    public synchronized Instant lastAsked() {
        return lastAsked;
    }

    /** Takes in what the state store remembers (at startup); answers that came meanwhile stay. */
    public synchronized void load(List<SubnetManagerRow> rows) {
        for (SubnetManagerRow row : rows) {
            Known known = byGuid.computeIfAbsent(row.guid(), guid -> new Known(new SubnetManagerView(guid, row.lid(),
                    row.priority(), row.state() == null ? null : SmState.valueOf(row.state()), row.activityCount(),
                    false, null, row.firstSeen(), row.lastSeen(), null, null, null)));
            known.stored = row;
            if (previousMaster == null && SmState.MASTER.name().equals(row.state())) {
                previousMaster = row.guid(); // rows come most recently seen first
            }
        }
    }

    /** @param store whether this replica writes the answer (it stored the batch first) */
    private void answered(SubnetManagerReport report, Instant at, boolean store) {
        Known known = byGuid.get(report.guid());
        Instant firstSeen = known == null || known.view.firstSeen() == null ? at : known.view.firstSeen();
        boolean registered = report.registered() || (known != null && known.view.registered());
        SubnetManagerView view = new SubnetManagerView(report.guid(), report.lid(), report.priority(), report.state(),
                report.activityCount(), registered, report.via(), firstSeen, at, at, null, report.faults());
        if (known == null) {
            known = new Known(view);
            byGuid.put(report.guid(), known);
        } else {
            known.view = view;
        }
        known.readings.addLast(new SubnetManagerSnapshot.ActivityReading(at, report.activityCount()));
        while (known.readings.size() > READINGS) {
            known.readings.removeFirst();
        }
        unanswered.remove(report.lid());
        if (store) {
            store(known, at);
        }
    }

    private void unanswered(SubnetManagerReport report, Instant at) {
        for (Known known : byGuid.values()) {
            if (report.lid() != 0 && known.view.lid() == report.lid()) {
                SubnetManagerView v = known.view;
                known.view = new SubnetManagerView(v.guid(), v.lid(), v.priority(), v.state(), v.activityCount(),
                        v.registered() || report.registered(), report.via(), v.firstSeen(), v.lastAnswered(), at,
                        report.error(), v.faults());
                return;
            }
        }
        unanswered.put(report.lid(), new SubnetManagerView(null, report.lid(), null, null, null, report.registered(),
                report.via(), null, null, at, report.error(), null));
    }

    private void store(Known known, Instant at) {
        SubnetManagerView v = known.view;
        SubnetManagerRow row = new SubnetManagerRow(v.guid(), v.lid(), v.priority() == null ? 0 : v.priority(),
                v.state() == null ? null : v.state().name(), v.activityCount() == null ? 0 : v.activityCount(),
                v.firstSeen(), at);
        SubnetManagerRow before = known.stored;
        boolean changed = before == null || before.lid() != row.lid() || before.priority() != row.priority()
                || !Objects.equals(before.state(), row.state());
        if (changed || !at.isBefore(before.lastSeen().plus(STORE_EVERY))) {
            known.stored = row;
            if (!writer.offer(row)) {
                log.warn("subnet manager queue full: {} is kept in memory only for now", row.guid());
            }
        }
    }

    private SubnetManagerSnapshot snapshot(Instant at, boolean judgedElsewhere) {
        Map<String, List<SubnetManagerSnapshot.ActivityReading>> readings = new HashMap<>();
        byGuid.forEach((guid, known) -> readings.put(guid, List.copyOf(known.readings)));
        List<SubnetManagerView> all = new ArrayList<>();
        byGuid.values().forEach(known -> all.add(known.view));
        all.addAll(unanswered.values());
        return new SubnetManagerSnapshot(at, List.copyOf(all), lastAsked, previousMaster, Map.copyOf(readings),
                judgedElsewhere);
    }

    private int write(List<SubnetManagerRow> queued) {
        // One MERGE may name an SM once only: the newest row of each wins.
        Map<String, SubnetManagerRow> newest = new LinkedHashMap<>();
        queued.forEach(row -> newest.put(row.guid(), row));
        List<SubnetManagerRow> rows = List.copyOf(newest.values());
        try {
            repository.save(rows).block(WRITE_TIMEOUT);
            return queued.size();
        } catch (RuntimeException fault) {
            log.error("subnet managers: the state store refused {} row(s): {}", rows.size(), fault.toString());
            return 0;
        }
    }

    /** Writes what is queued now (the worker's step; tests call it). */
    public int flush() {
        return writer.flush();
    }

    @Override
    public BackgroundWriter<?> backgroundWriter() {
        return writer;
    }
}
