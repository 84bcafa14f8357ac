package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.command.SweepShard;
import io.fabricpulse.model.ingest.Guids;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The switches this discover agent sweeps, as the ingest answers say ({@code sweep}, see {@link SweepShard}): when
 * several discover agents share a fabric the server splits its switches among them. An answer without a shard
 * (one agent alone, an agent not in the split yet, an older server) means every switch the walk found, as before.
 */
public final class SweepShardAnswers implements Consumer<byte[]> {

    private static final Logger log = LoggerFactory.getLogger(SweepShardAnswers.class);

    private record Shard(long version, Set<Long> switches) {
    }

    private final JsonMapper mapper = JsonMapper.builder().build();
    /** Null: sweep every switch. */
    private volatile Shard shard;

    /** An ingest answer: takes the shard it carries (a newer version over an older), or none. */
    @Override
    public void accept(byte[] answer) {
        JsonNode sweep;
        try {
            sweep = mapper.readTree(answer).path("sweep");
        } catch (JacksonException e) {
            return; // not JSON: says nothing of the split
        }
        if (sweep.isMissingNode() || sweep.isNull()) {
            if (shard != null) {
                log.info("the server gives this agent no shard now: sweeping every switch the walk found");
                shard = null;
            }
            return;
        }
        SweepShard given;
        try {
            given = mapper.treeToValue(sweep, SweepShard.class);
        } catch (JacksonException e) {
            log.warn("ignored a sweep shard this agent cannot read (a newer server?): {}", e.getOriginalMessage());
            return;
        }
        take(given);
    }

    private synchronized void take(SweepShard given) {
        Shard current = shard;
        if (current != null && current.version() >= given.version()) {
            return;
        }
        Set<Long> switches = new HashSet<>();
        for (String guid : given.switches()) {
            if (Guids.isCanonical(guid)) {
                switches.add(Guids.parse(guid));
            }
        }
        shard = new Shard(given.version(), Set.copyOf(switches));
        log.info("sweeping {} switches of the fabric's split (version {})", switches.size(), given.version());
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
}
