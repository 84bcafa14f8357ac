package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.command.SweepShard;
import io.fabricpulse.model.ingest.Guids;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * The switches this discover agent sweeps, as the server's answers say ({@code sweep}, see {@link SweepShard}, read
 * by {@code command.AnswerReader}): when several discover agents share a fabric the server splits its switches among
 * them. An answer without a shard (one agent alone, an agent not in the split yet, an older server) means every
 * switch the walk found, as before. A new shard that gains switches (another agent's, gone) hands them to
 * {@link #onGain} at once, so they are swept now instead of at the next poll; lost ones are not swept from now on.
 */
public final class SweepShardAnswers implements Consumer<SweepShard> {

    private static final Logger log = LoggerFactory.getLogger(SweepShardAnswers.class);

    private record Shard(long version, Set<Long> switches) {
    }

    /** Null: sweep every switch. */
    private volatile Shard shard;
    private volatile Consumer<LongPredicate> onGain = gained -> {
    };

    /** Who sweeps gained switches (those the predicate accepts) at once; set once, before the answers flow. */
    public void onGain(Consumer<LongPredicate> sweeper) {
        this.onGain = sweeper;
    }

    /** A shard from an answer (a newer version over an older), or null: none, every switch. */
    @Override
    public void accept(SweepShard given) {
        LongPredicate gained = given == null ? dropped() : take(given);
        if (gained != null) {
            onGain.accept(gained);
        }
    }

    /** No shard any more: every switch not in the old shard is gained; null when nothing changed. */
    private synchronized LongPredicate dropped() {
        Shard current = shard;
        if (current == null) {
            return null;
        }
        log.info("the server gives this agent no shard now: sweeping every switch the walk found");
        shard = null;
        return guid -> !current.switches().contains(guid);
    }

    /** Takes a newer shard; the switches it gains over the one before, null for none (or none before: it swept all). */
    private synchronized LongPredicate take(SweepShard given) {
        Shard current = shard;
        if (current != null && current.version() >= given.version()) {
            return null;
        }
        Set<Long> switches = new HashSet<>();
        for (String guid : given.switches()) {
            if (Guids.isCanonical(guid)) {
                switches.add(Guids.parse(guid));
            }
        }
        shard = new Shard(given.version(), Set.copyOf(switches));
        log.info("sweeping {} switches of the fabric's split (version {})", switches.size(), given.version());
        if (current == null) {
            return null;
        }
        Set<Long> gained = new HashSet<>(switches);
        gained.removeAll(current.switches());
        return gained.isEmpty() ? null : Set.copyOf(gained)::contains;
    }

    /** Whether this agent sweeps the switch now. */
    public boolean sweeps(long switchGuid) {
        Shard current = shard;
        return current == null || current.switches().contains(switchGuid);
    }

    /** Whether the server split the switches and this agent sweeps only its part. */
    public boolean sharded() {
        return shard != null;
    }

    /** The version of the shard in force, 0 for none: what the long-poll tells the server it has. */
    public long version() {
        Shard current = shard;
        return current == null ? 0 : current.version();
    }
}
