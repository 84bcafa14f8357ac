package io.fabricpulse.server.sweeps;

import io.fabricpulse.model.command.SweepShard;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.ingest.SweepAssignments;
import io.fabricpulse.server.ingest.poll.AgentPolls;
import io.fabricpulse.server.state.StoreRounds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The split of the switches among the discover agents. A push notes its agent in the state store (a walk makes it
 * a member and records the switches the walk reached; a member's other pushes only say it is alive) and gets the
 * agent's shard from the split this replica last read; so does its long-poll, woken when the split changes. Every
 * plan interval, and at once when a member's long-poll tells it has gone, {@link #replan} reads the members: those
 * departed (their poll closed under them, {@link AgentPolls}) or silent for {@code silent-intervals} of their own
 * interval leave (a member holding a poll here is heard every round, however late its pushes are); one that left
 * comes back only after it has been heard steadily for {@code rejoin-intervals} (no flapping under load). When the
 * live members or their switches changed, the switches are split anew and the replica that moves the version on
 * writes the split.
 *
 * <p>An agent gets no shard (it sweeps all it walked) when it is the split's only member or the split has none; an
 * agent waiting to (re)join a split of others gets an empty one (it sweeps nothing until it is in).
 */
public class SweepShards implements SweepAssignments, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SweepShards.class);

    private final SweepRepository repository;
    private final SweepsProperties properties;
    private final Clock clock;
    private final AgentPolls polls;
    private final StoreRounds rounds;
    private volatile Disposable departures;
    private volatile SweepPlan plan = SweepPlan.NONE;
    private volatile List<SweepRepository.Member> members = List.of();
    /** Members as this replica knows them: a push of any other agent costs no write. */
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    /** Each agent's latest batch time as this replica saw it: two give its interval. */
    private final Map<String, Instant> lastCollected = new ConcurrentHashMap<>();
    /** What this replica last wrote of each member's reach, so a walk that saw the same writes nothing. */
    private final Map<String, Map<String, Integer>> reachWritten = new ConcurrentHashMap<>();

    SweepShards(SweepRepository repository, SweepsProperties properties, AgentPolls polls, Clock clock) {
        this.repository = repository;
        this.properties = properties;
        this.polls = polls;
        this.clock = clock;
        this.rounds = new StoreRounds("sweep split", this::replan, properties.planInterval());
    }

    @Override
    public Mono<SweepShard> shardFor(IngestBatch batch, AgentCredential credential) {
        String agentId = batch.agentId();
        boolean walked = batch.discovery() != null && credential.may(AgentRole.DISCOVER);
        if (!walked && !known.contains(agentId)) {
            return Mono.empty();
        }
        Instant now = clock.instant();
        Duration interval = measured(agentId, batch.collectedAt());
        Instant silentBefore = silentBefore(agentId, interval, now);
        Mono<Void> noted = walked
                ? repository.joined(agentId, now, interval == null ? properties.firstInterval() : interval)
                .then(repository.heard(agentId, now, interval, silentBefore))
                .then(reached(agentId, batch))
                .doOnSuccess(done -> known.add(agentId))
                : repository.heard(agentId, now, interval, silentBefore);
        return noted.onErrorResume(e -> {
            // The batch is stored already: its answer must not fail; the next push notes the agent again.
            log.warn("sweep member {} not noted this time: {}", agentId, e.toString());
            return Mono.empty();
        }).then(Mono.fromSupplier(() -> shardOf(agentId)));
    }

    /**
     * Heard last before this, the member was silent: by its interval as the store last said, not as measured by this
     * batch (after a silence that measurement is the silence itself, and would hide it).
     */
    private Instant silentBefore(String agentId, Duration measured, Instant now) {
        Duration interval = members.stream().filter(member -> member.agentId().equals(agentId))
                .map(SweepRepository.Member::interval).findFirst()
                .orElse(measured == null ? properties.firstInterval() : measured);
        return now.minus(interval.multipliedBy(properties.silentIntervals()));
    }

    private Duration measured(String agentId, Instant collectedAt) {
        Instant previous = lastCollected.put(agentId, collectedAt);
        if (previous == null || !collectedAt.isAfter(previous)) {
            return null;
        }
        return Duration.between(previous, collectedAt);
    }

    private Mono<Void> reached(String agentId, IngestBatch batch) {
        Map<String, Integer> switches = new HashMap<>();
        for (NodeReport node : batch.nodes()) {
            if (node.type() == NodeType.SWITCH) {
                switches.merge(node.guid(), countedPorts(node), Math::max);
            }
        }
        Map<String, Integer> written = reachWritten.getOrDefault(agentId, Map.of());
        List<SweepRepository.Reach> changed = new ArrayList<>();
        switches.forEach((guid, ports) -> {
            int weight = Math.max(ports, written.getOrDefault(guid, 0));
            if (!written.containsKey(guid) || weight != written.get(guid)) {
                changed.add(new SweepRepository.Reach(agentId, guid, weight));
            }
        });
        if (changed.isEmpty()) {
            return Mono.empty();
        }
        return repository.reached(changed).doOnSuccess(done -> {
            Map<String, Integer> now = new HashMap<>(written);
            changed.forEach(reach -> now.put(reach.switchGuid(), reach.ports()));
            reachWritten.put(agentId, Map.copyOf(now));
        });
    }

    private static int countedPorts(NodeReport node) {
        int ports = 0;
        for (PortReport port : node.ports()) {
            if (port.counters() != null && !port.counters().isEmpty()) {
                ports++;
            }
        }
        return ports;
    }

    @Override
    public SweepShard shardOf(String agentId) {
        SweepPlan current = plan;
        if (current.members().isEmpty()) {
            return null;
        }
        if (!current.members().contains(agentId)) {
            // Waiting to (re)join a split that others sweep: it sweeps nothing until it is in, so no switch has
            // two sweepers in the meantime.
            return new SweepShard(current.version(), List.of());
        }
        return current.members().size() < 2 ? null : new SweepShard(current.version(), current.switchesOf(agentId));
    }

    /**
     * Notes the members holding a long-poll here as heard, reads the members and the split; splits anew when the live
     * members or what they reach changed.
     */
    Mono<Void> replan() {
        Instant now = clock.instant();
        Set<String> holding = polls.holding();
        return Flux.fromIterable(members)
                .filter(member -> holding.contains(member.agentId()))
                .concatMap(member -> repository.heard(member.agentId(), now, null,
                        now.minus(member.interval().multipliedBy(properties.silentIntervals()))))
                .then(repository.members().collectList())
                .zipWith(repository.reach().collectList())
                .zipWith(repository.plan())
                .flatMap(read -> {
                    List<SweepRepository.Member> all = read.getT1().getT1();
                    members = List.copyOf(all);
                    all.forEach(member -> known.add(member.agentId()));
                    SweepPlan current = read.getT2();
                    List<String> live = live(all, current, now);
                    Map<String, Set<String>> reach = new HashMap<>();
                    Map<String, Integer> weight = new HashMap<>();
                    for (SweepRepository.Reach row : read.getT1().getT2()) {
                        if (live.contains(row.agentId())) {
                            reach.computeIfAbsent(row.switchGuid(), guid -> new HashSet<>()).add(row.agentId());
                            weight.merge(row.switchGuid(), row.ports(), Math::max);
                        }
                    }
                    SortedMap<String, String> split = ShardBalancer.split(current, live, reach, weight);
                    if (current.sameSplit(live, split)) {
                        take(current);
                        return Mono.empty();
                    }
                    SweepPlan next = new SweepPlan(current.version() + 1, live, split, now);
                    return repository.replace(current.version(), next).flatMap(wrote -> {
                        if (wrote) {
                            log.info("switch sweeps split anew (version {}): {} switches among {}", next.version(),
                                    split.size(), live);
                            take(next);
                            return Mono.<Void>empty();
                        }
                        // Another replica wrote first: take what it wrote.
                        return repository.plan().doOnNext(this::take).then();
                    });
                });
    }

    /** The split this replica hands out from now on; a new version wakes the long-polls held here. */
    private void take(SweepPlan next) {
        SweepPlan before = plan;
        plan = next;
        if (next.version() != before.version()) {
            polls.wakeAll();
        }
    }

    /**
     * The members that count: not departed, heard within {@code silent-intervals} of their interval, and, unless the
     * split in force has them, heard steadily for {@code rejoin-intervals}.
     */
    private List<String> live(List<SweepRepository.Member> all, SweepPlan current, Instant now) {
        List<String> live = new ArrayList<>();
        for (SweepRepository.Member member : all) {
            if (heard(member, now) && (current.members().contains(member.agentId())
                    || !Duration.between(member.heardSince(), member.seenAt())
                    .minus(member.interval().multipliedBy(properties.rejoinIntervals())).isNegative())) {
                live.add(member.agentId());
            }
        }
        return live;
    }

    private boolean heard(SweepRepository.Member member, Instant now) {
        Duration silentAfter = member.interval().multipliedBy(properties.silentIntervals());
        return member.departedAt() == null && !member.seenAt().plus(silentAfter).isBefore(now);
    }

    /** A member's long-poll closed under it and it polled no more: it has gone, for every replica; split now. */
    Mono<Void> departed(String agentId) {
        if (!known.contains(agentId)) {
            return Mono.empty();
        }
        log.info("sweep member {} has gone (its long-poll closed): its switches go to the others", agentId);
        return repository.departed(agentId, clock.instant()).doOnSuccess(done -> rounds.wakeUp());
    }

    @Override
    public void start() {
        departures = polls.departures()
                .concatMap(agentId -> departed(agentId).onErrorResume(e -> {
                    // The silence of its pushes still moves its shard, two intervals later.
                    log.warn("sweep member {} gone, not noted: {}", agentId, e.toString());
                    return Mono.empty();
                }))
                .subscribe();
        rounds.start();
    }

    @Override
    public void stop() {
        rounds.stop();
        Disposable current = departures;
        if (current != null) {
            current.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        return rounds.isRunning();
    }

    /** The split in force and the members as this replica last read them. */
    SweepsView view() {
        SweepPlan current = plan;
        Instant now = clock.instant();
        List<String> live = live(members, current, now);
        List<SweepsView.Agent> agents = new ArrayList<>();
        for (SweepRepository.Member member : members) {
            List<String> mine = current.switchesOf(member.agentId());
            agents.add(new SweepsView.Agent(member.agentId(), live.contains(member.agentId()), member.seenAt(),
                    member.interval().toMillis(), current.members().contains(member.agentId()), mine.size()));
        }
        List<SweepsView.Shard> switches = new ArrayList<>();
        current.assignment().forEach((guid, agent) -> switches.add(new SweepsView.Shard(guid, agent)));
        return new SweepsView(current.version(), current.members().size() < 2 ? null : current.madeAt(),
                current.members().size() >= 2, agents, switches);
    }
}
