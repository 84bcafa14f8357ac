package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortTable;
import io.fabricpulse.server.state.BackgroundWriter;
import io.fabricpulse.server.state.WritesInBackground;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.PortEnd;
import io.fabricpulse.server.topology.store.CableHistoryRepository;
import io.fabricpulse.server.topology.store.CableHistoryRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fabric's memory of its cables: "this port has been linked, to that peer". A port that is Down, Polling
 * or Disabled is ambiguous on first sight (an empty switch port is Down forever); this history is what says a
 * cable belongs there. It holds every link seen (a port physically up with a far end) and the links of the
 * latest baseline, lives in the state store ({@code cable_history}), so a cable lost while the server was
 * down is still known when it comes back up, and is replaced by the baseline's links when a new baseline is
 * saved (the operator's word on what belongs where).
 *
 * <p>Fed from the pipeline's worker with every applied batch: a few lookups per linked port (its end, its far end, its cable), a row queued
 * for the state store only when a link is new, moved, back, or its last sighting is older than {@link #REFRESH};
 * and with the cables the live topology saw gone ({@link CableLoss}, found only when the structure changed): their
 * last sighting made exact and the loss's time kept, so the time slider can tell when a cable left.
 * Rows are written by one background thread; ingest never waits for the database. Thread-safe.
 */
@Component
public class CableHistory implements WritesInBackground {

    private static final Logger log = LoggerFactory.getLogger(CableHistory.class);
    /** How stale a stored "last seen" may get: the history answers "linked until about when". */
    static final Duration REFRESH = Duration.ofHours(1);
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);
    /** Rows waiting for the state store: the first sight of a 50,000-port fabric is one per linked port. */
    private static final int QUEUE = 100_000;

    /**
     * One port's remembered cable.
     *
     * @param lastSeen to within {@link #REFRESH} while in place; exact once lost
     * @param lostAt   when it was seen gone, null while in place or when it went without a report saying so
     */
    public record Linked(PortEnd peer, Instant firstSeen, Instant lastSeen, Instant lostAt) {

        /** The stored last sighting may be this much older than the real one of a cable still in place. */
        public static final Duration STALE = REFRESH;
    }

    /** What the writer thread does, in order: keep rows, or replace them all (a new baseline). */
    private sealed interface Write {
        record Keep(CableHistoryRow row) implements Write {
        }

        record ReplaceAll(List<CableHistoryRow> rows) implements Write {
        }
    }

    private final CableHistoryRepository repository;
    private final Clock clock;
    /** Changes not queued since the queue was last found full; 0 while it has room. */
    private final AtomicLong unqueued = new AtomicLong();
    private final PortIndex index;
    /** The ports' shared ends: a remembered cable names its far end by the same object as that port's own. */
    private final PortEnds ends;
    /** Each port's remembered cable by the port's number. */
    private final PortTable<Linked> byPort = new PortTable<>();
    private final BackgroundWriter<Write> writer;

    /** A history with ports numbered by an index of its own (tests). */
    public CableHistory(CableHistoryRepository repository, Clock clock) {
        this(repository, clock, new PortEnds(new PortIndex()));
    }

    /** @param ends the ports' shared ends, and the numbers the cables are kept by */
    @Autowired
    public CableHistory(CableHistoryRepository repository, Clock clock, PortEnds ends) {
        this.repository = repository;
        this.clock = clock;
        this.ends = ends;
        this.index = ends.index();
        this.writer = new BackgroundWriter<>("fabricpulse-cable-history", QUEUE, this::write);
    }

    /**
     * Takes the links an applied batch shows; of a batch another replica stored first
     * ({@code judgedElsewhere}) only into memory: that replica wrote what it changed.
     */
    public void record(IngestBatch batch, boolean judgedElsewhere) {
        Instant at = batch.collectedAt();
        for (NodeReport node : batch.nodes()) {
            for (PortReport port : node.ports()) {
                if (linked(port)) {
                    PortEnd end = ends.of(node.guid(), port.portNumber());
                    PortEnd far = ends.of(port.peer().nodeGuid(), port.peer().portNumber());
                    seen(end, far, at, !judgedElsewhere);
                    seen(far, end, at, !judgedElsewhere);
                }
            }
        }
    }

    /** The far end the port has been linked to, by the baseline or since it, empty when none is known. */
    public Optional<Linked> of(String nodeGuid, int port) {
        return Optional.ofNullable(byPort.get(index.find(nodeGuid, port)));
    }

    /** The far end {@code port} has been linked to, null when none is known (an empty port). */
    public PortEnd expectedPeer(String nodeGuid, int port) {
        Linked linked = byPort.get(index.find(nodeGuid, port));
        return linked == null ? null : linked.peer();
    }

    /** Loads the stored history (at startup, before comparing); what batches brought meanwhile stays. */
    void load(List<CableHistoryRow> rows) {
        for (CableHistoryRow row : rows) {
            putIfAbsent(ends.of(row.nodeGuid(), row.portNumber()),
                    new Linked(ends.of(row.peerGuid(), row.peerPort()), row.firstSeen(), row.lastSeen(), row.lostAt()));
        }
    }

    /**
     * The baseline in force at startup: its cables count as linked where the history has nothing for a port
     * yet (a baseline saved before this history existed), and are stored.
     */
    void seed(FabricModel baseline) {
        Instant now = clock.instant();
        for (FabricLink link : baseline.links()) {
            PortEnd a = ends.of(link.a().end());
            PortEnd b = ends.of(link.b().end());
            addIfAbsent(a, b, now);
            addIfAbsent(b, a, now);
        }
    }

    /**
     * A new baseline was saved: its cables are now the whole history. A cable already known at the same ends keeps
     * its first sighting (the time slider draws it from then); the others start now.
     */
    void replaceWith(FabricModel baseline) {
        Instant now = clock.instant();
        Map<PortEnd, Linked> before = snapshot();
        byPort.clear();
        List<CableHistoryRow> rows = new ArrayList<>();
        for (FabricLink link : baseline.links()) {
            PortEnd a = ends.of(link.a().end());
            PortEnd b = ends.of(link.b().end());
            for (PortEnd[] pair : List.of(new PortEnd[]{a, b}, new PortEnd[]{b, a})) {
                Linked known = before.get(pair[0]);
                Instant first = known != null && known.peer().equals(pair[1]) ? known.firstSeen() : now;
                put(pair[0], new Linked(pair[1], first, now, null));
                rows.add(row(pair[0], pair[1], first, now, null));
            }
        }
        queue(new Write.ReplaceAll(List.copyOf(rows)));
    }

    /** The whole history, for the pages that list ports without their cable. */
    public Map<PortEnd, Linked> snapshot() {
        Map<PortEnd, Linked> all = new HashMap<>();
        for (PortEnd end : ends) {
            Linked linked = byPort.get(index.find(end.nodeGuid(), end.port()));
            if (linked != null) {
                all.put(end, linked);
            }
        }
        return Map.copyOf(all);
    }

    private void addIfAbsent(PortEnd end, PortEnd far, Instant at) {
        if (putIfAbsent(end, new Linked(far, at, at, null))) {
            queue(new Write.Keep(row(end, far, at, at, null)));
        }
    }

    private Linked get(PortEnd end) {
        return byPort.get(index.find(end.nodeGuid(), end.port()));
    }

    private void put(PortEnd end, Linked linked) {
        byPort.set(index.of(end.nodeGuid(), end.port()), linked);
    }

    /** Whether {@code linked} was kept: the port had no cable remembered. */
    private boolean putIfAbsent(PortEnd end, Linked linked) {
        return byPort.computeIfAbsent(index.of(end.nodeGuid(), end.port()), n -> linked) == linked;
    }

    private void seen(PortEnd end, PortEnd far, Instant at, boolean store) {
        Linked known = get(end);
        Linked now;
        if (known == null || !known.peer().equals(far)) {
            now = new Linked(far, at, at, null);
        } else if (known.lostAt() != null || !at.isBefore(known.lastSeen().plus(REFRESH))) {
            // Back after a loss: in place again from its first sighting (the gap is the port-not-active alert's).
            now = new Linked(known.peer(), known.firstSeen(), at, null); // the far end kept: one object a port
        } else {
            return;
        }
        put(end, now);
        if (store) {
            queue(new Write.Keep(row(end, far, now.firstSeen(), at, null)));
        }
    }

    /**
     * Takes the cables the live topology saw gone: both ends' rows that still name each other get the exact last
     * sighting and the loss's time. Of a batch another replica stored first ({@code judgedElsewhere}) only into memory.
     */
    public void lost(List<CableLoss> losses, boolean judgedElsewhere) {
        for (CableLoss loss : losses) {
            markLost(loss.end(), loss.peer(), loss, !judgedElsewhere);
            markLost(loss.peer(), loss.end(), loss, !judgedElsewhere);
        }
    }

    private void markLost(PortEnd end, PortEnd far, CableLoss loss, boolean store) {
        Linked known = get(end);
        if (known == null || !known.peer().equals(far) || known.lostAt() != null
                || known.lastSeen().isAfter(loss.lastLinked())) {
            return; // another cable there now, already lost, or seen since by the other end
        }
        Linked lost = new Linked(known.peer(), known.firstSeen(), loss.lastLinked(), loss.lostAt());
        put(end, lost);
        if (store) {
            queue(new Write.Keep(row(end, far, lost.firstSeen(), lost.lastSeen(), lost.lostAt())));
        }
    }

    /** Physically up with a far end: a cable is there. */
    static boolean linked(PortReport port) {
        return linked(port.portNumber(), port.physicalState(), port.peer() == null ? 0 : port.peer().portNumber());
    }

    /** Whether a port numbered {@code portNumber} in {@code physicalState} whose far end is {@code peerPort} (0: none) is cabled and up. */
    static boolean linked(int portNumber, PhysicalState physicalState, int peerPort) {
        return peerPort > 0 && portNumber > 0
                && (physicalState == PhysicalState.LINK_UP || physicalState == PhysicalState.LINK_ERROR_RECOVERY);
    }

    private void queue(Write write) {
        if (!writer.offer(write)) {
            // The memory keeps it; the state store gets it with the link's next refresh. Said once per episode: a
            // line per change was 15,000 lines on the first sight of a 10,000-node fabric.
            if (unqueued.getAndIncrement() == 0) {
                log.warn("cable history: the state store's queue is full ({} rows); changes are kept in memory only "
                        + "until it drains, and stored with their link's next refresh", QUEUE);
            }
        } else if (unqueued.get() > 0) {
            log.info("cable history: the queue drains again; {} change(s) were kept in memory only", unqueued.getAndSet(0));
        }
    }

    private int write(List<Write> batch) {
        // The latest row per port: one MERGE may not touch a row twice (a cable seen and then lost in one flush).
        Map<PortEnd, CableHistoryRow> keep = new LinkedHashMap<>();
        try {
            for (Write write : batch) {
                switch (write) {
                    case Write.Keep k -> keep.put(new PortEnd(k.row().nodeGuid(), k.row().portNumber()), k.row());
                    case Write.ReplaceAll r -> {
                        keep.clear(); // older rows are superseded by the baseline
                        repository.replaceAll(r.rows()).block(WRITE_TIMEOUT);
                    }
                }
            }
            if (!keep.isEmpty()) {
                repository.save(List.copyOf(keep.values())).block(WRITE_TIMEOUT);
            }
            return batch.size();
        } catch (RuntimeException fault) {
            log.error("cable history: the state store refused {} change(s): {}", batch.size(), fault.toString());
            return 0;
        }
    }

    /** Writes what is queued now (the worker's step; tests call it). */
    int flush() {
        return writer.flush();
    }

    private static CableHistoryRow row(PortEnd end, PortEnd far, Instant first, Instant last, Instant lost) {
        return new CableHistoryRow(end.nodeGuid(), end.port(), far.nodeGuid(), far.port(), first, last, lost);
    }

    @Override
    public BackgroundWriter<?> backgroundWriter() {
        return writer;
    }
}
