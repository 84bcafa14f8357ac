package io.fabricpulse.server.jobs;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.model.FabricNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which fabric nodes a scheduler's node is: the scheduler's name, rewritten by
 * {@code fabricpulse.jobs.node-names} (e.g. {@code cn(\d+)} to {@code node$1}), is a host name; a CA belongs to
 * that host when the first word of its node-name-map name or of its NodeDescription is that name, ignoring case
 * and any domain ({@code node017 HCA-1}, {@code node017.cluster mlx5_0}). A host with several HCAs has several
 * CAs. A scheduler node that matches no CA keeps its jobs in the history, without ports or routes; that is said
 * once per node in the log and on every answer that names it.
 */
@Component
public class NodeMatcher {

    private static final Logger log = LoggerFactory.getLogger(NodeMatcher.class);
    /** The fabric's CAs by host name are re-read at most this often. */
    static final Duration REINDEX_AFTER = Duration.ofSeconds(10);

    private final Pattern pattern;
    private final String replacement;
    private final TopologyChanges topology;
    private final NodeNameDirectory names;
    private final Clock clock;
    private final Set<String> reportedUnmatched = ConcurrentHashMap.newKeySet();
    private volatile Index index = new Index(Map.of(), Map.of(), Instant.MIN);

    /** One CA of a host. */
    public record FabricHost(String guid, String name) {
    }

    private record Index(Map<String, List<FabricHost>> byHost, Map<String, Set<String>> hostsByGuid, Instant at) {
    }

    public NodeMatcher(JobsProperties properties, TopologyChanges topology, NodeNameDirectory names, Clock clock) {
        this.pattern = Pattern.compile(properties.nodeNames().pattern());
        this.replacement = properties.nodeNames().replacement();
        this.topology = topology;
        this.names = names;
        this.clock = clock;
    }

    /** The host name a scheduler node name stands for: rewritten, lower case, without a domain. */
    public String hostOf(String schedulerNode) {
        Matcher matcher = pattern.matcher(schedulerNode);
        String host = matcher.matches() ? matcher.replaceAll(replacement) : schedulerNode;
        return normal(host);
    }

    /** The CAs of a scheduler node, empty when none matches (said once in the log). */
    public List<FabricHost> fabricNodes(String schedulerNode) {
        List<FabricHost> found = index().byHost().getOrDefault(hostOf(schedulerNode), List.of());
        if (found.isEmpty() && reportedUnmatched.add(schedulerNode)) {
            log.warn("jobs: scheduler node '{}' (host '{}') matches no CA in the fabric by the first word of its "
                    + "node-name-map name or NodeDescription; its jobs are kept without ports and routes "
                    + "(fabricpulse.jobs.node-names maps names)", schedulerNode, hostOf(schedulerNode));
        } else if (!found.isEmpty()) {
            reportedUnmatched.remove(schedulerNode);
        }
        return found;
    }

    /** The node GUIDs of several scheduler nodes together. */
    public Set<String> guidsOf(Collection<String> schedulerNodes) {
        Set<String> guids = new LinkedHashSet<>();
        for (String node : schedulerNodes) {
            fabricNodes(node).forEach(host -> guids.add(host.guid()));
        }
        return guids;
    }

    /** Which of {@code schedulerNodes} are the node {@code nodeGuid} (by its host names). */
    public Set<String> schedulerNodesOf(String nodeGuid, Collection<String> schedulerNodes) {
        if (schedulerNodes.isEmpty()) {
            // No scheduler, or no job yet: nothing to match, and no index of every CA to build (at 50,000 hosts a
            // tenth of a second or more, on the way of an alert's first chat message).
            return Set.of();
        }
        Set<String> hosts = index().hostsByGuid().getOrDefault(nodeGuid, Set.of());
        Set<String> matching = new LinkedHashSet<>();
        for (String node : schedulerNodes) {
            if (hosts.contains(hostOf(node))) {
                matching.add(node);
            }
        }
        return matching;
    }

    private Index index() {
        Index current = index;
        Instant now = clock.instant();
        if (!now.isBefore(current.at().plus(REINDEX_AFTER))) {
            current = build(now);
            index = current;
        }
        return current;
    }

    private Index build(Instant now) {
        Map<String, List<FabricHost>> byHost = new HashMap<>();
        Map<String, Set<String>> hostsByGuid = new HashMap<>();
        for (FabricNode node : topology.current().nodes().values()) {
            if (node.type() != NodeType.CA) {
                continue;
            }
            String mapped = names.nameOf(node.guid());
            String shown = mapped != null ? mapped : node.description() != null ? node.description().strip() : node.guid();
            Set<String> hosts = new LinkedHashSet<>();
            for (String text : new String[] {mapped, node.description()}) {
                String host = firstWord(text);
                if (host != null) {
                    hosts.add(host);
                }
            }
            for (String host : hosts) {
                byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(new FabricHost(node.guid(), shown));
            }
            hostsByGuid.put(node.guid(), hosts);
        }
        return new Index(byHost, hostsByGuid, now);
    }

    private static String firstWord(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return normal(text.strip().split("\\s+", 2)[0]);
    }

    private static String normal(String host) {
        String lower = host.strip().toLowerCase(Locale.ROOT);
        int dot = lower.indexOf('.');
        return dot > 0 ? lower.substring(0, dot) : lower;
    }
}
