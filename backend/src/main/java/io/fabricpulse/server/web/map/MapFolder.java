package io.fabricpulse.server.web.map;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.LinkHealth;
import io.fabricpulse.server.topology.LinkHealth.Status;
import io.fabricpulse.server.topology.TopologyDocument;
import io.fabricpulse.server.web.ShortNames;
import io.fabricpulse.server.web.map.MapGraph.Kind;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Folds a topology into what the map draws. Layers come from the cabling, not from names: leaves are the
 * switches cabled to a host (tier 1), every other switch sits one tier above the nearest leaf (breadth first),
 * so a spine-leaf fabric has two switch tiers and a three-tier or pod fabric three. A tier wider than
 * {@link #WIDE} switches is drawn as groups: switches that share their neighbours (the aggregation switches
 * of a pod, the leaves under the same aggregation switches, the cores of one plane), or else runs of
 * neighbours by name. Hosts are drawn as one node under their leaf (or the leaf's group). Cables between two
 * drawn nodes are one bundle with their count, worst health and busiest load.
 */
final class MapFolder {

    /**
     * Switches of one tier drawn one by one up to this many; beyond, the tier is drawn as groups. 48 across a
     * 1,600 px canvas leaves 33 px per switch, 66 px per label with the labels hanging above and below in turn.
     */
    static final int WIDE = 48;
    /**
     * Bundles drawn at most between a tier and the one below it: about as many lines as a 1,600 px canvas shows
     * apart (and as a browser draws in a frame on a cold page).
     */
    static final int MESH = 240;
    /** How many of the worst cables the side panel lists. */
    static final int WORST = 25;
    static final String LOOSE_HOSTS = "hosts:loose";

    /** Health ranks, worst first; a bundle or group shows the worst of its cables. */
    private static final List<Status> WORST_FIRST = List.of(Status.DOWN, Status.ERRORS, Status.DEGRADED,
            Status.UNKNOWN, Status.OK);
    private static final Comparator<String> NATURAL = MapFolder::compareNatural;

    /**
     * The folded map, the topology it was folded from, and what the side panel asks of it: per drawn bundle the
     * cables it holds, and per fabric node the drawn node it is in.
     */
    record Folded(TopologyDocument document, MapGraph graph, Map<String, List<TopologyDocument.Link>> cables,
                  Map<String, String> drawnOf) {

        /** The cables of the bundles at a drawn node, and those inside it (between members of a group). */
        List<TopologyDocument.Link> cablesAt(String drawn) {
            return document.links().stream().filter(link -> drawn.equals(drawnOf.get(link.a().nodeGuid()))
                    || drawn.equals(drawnOf.get(link.b().nodeGuid()))).toList();
        }
    }

    private MapFolder() {
    }

    static Folded fold(TopologyDocument doc) {
        Map<String, TopologyDocument.Node> nodes = new HashMap<>();
        doc.nodes().forEach(n -> nodes.put(n.guid(), n));
        Map<String, Set<String>> switchNeighbours = new HashMap<>();
        Map<String, Set<String>> hostLeaves = new HashMap<>();
        for (TopologyDocument.Node node : doc.nodes()) {
            if (isSwitch(node)) {
                switchNeighbours.put(node.guid(), new TreeSet<>());
            }
        }
        for (TopologyDocument.Link link : doc.links()) {
            String a = link.a().nodeGuid();
            String b = link.b().nodeGuid();
            boolean aSwitch = switchNeighbours.containsKey(a);
            boolean bSwitch = switchNeighbours.containsKey(b);
            if (aSwitch && bSwitch && !a.equals(b)) {
                switchNeighbours.get(a).add(b);
                switchNeighbours.get(b).add(a);
            } else if (aSwitch != bSwitch) {
                hostLeaves.computeIfAbsent(aSwitch ? b : a, h -> new TreeSet<>()).add(aSwitch ? a : b);
            }
        }
        Map<String, Integer> tier = tiers(switchNeighbours, hostLeaves);
        int tiers = tier.values().stream().mapToInt(Integer::intValue).max().orElse(0);

        Comparator<String> byName = Comparator.comparing((String guid) -> label(nodes.get(guid)), NATURAL)
                .thenComparing(Comparator.naturalOrder());
        Map<String, String> drawnSwitch = new HashMap<>();
        List<MapGraph.Node> drawn = new ArrayList<>();
        Map<String, List<String>> membersOf = new LinkedHashMap<>();
        for (int t = 1; t <= tiers; t++) {
            int level = t;
            List<String> inTier = tier.entrySet().stream().filter(e -> e.getValue() == level).map(Map.Entry::getKey)
                    .sorted(byName).toList();
            List<List<String>> groups = groups(inTier, level, tier, switchNeighbours);
            if (level > 1) {
                groups = meshGroups(groups, inTier, level, tier, switchNeighbours, drawnSwitch);
            }
            for (int i = 0; i < groups.size(); i++) {
                List<String> members = groups.get(i);
                String first = members.getFirst();
                String id = members.size() == 1 ? first : "group:" + t + ":" + first;
                members.forEach(guid -> drawnSwitch.put(guid, id));
                membersOf.put(id, members);
                drawn.add(members.size() == 1
                        ? new MapGraph.Node(id, Kind.SWITCH, label(nodes.get(first)), nodes.get(first).name(), t, i, 1,
                        Status.UNKNOWN)
                        : new MapGraph.Node(id, Kind.SWITCH_GROUP, groupLabel(members, nodes), groupName(members, nodes),
                        t, i, members.size(), Status.UNKNOWN));
            }
        }

        // Hosts under the first of their leaves (by GUID: stable), drawn under that leaf's drawn node.
        Map<String, Integer> hostsUnder = new TreeMap<>();
        Map<String, String> drawnHost = new HashMap<>();
        for (TopologyDocument.Node node : doc.nodes()) {
            if (isSwitch(node)) {
                continue;
            }
            Set<String> leaves = hostLeaves.get(node.guid());
            String id = leaves == null ? LOOSE_HOSTS : "hosts:" + drawnSwitch.get(leaves.iterator().next());
            drawnHost.put(node.guid(), id);
            hostsUnder.merge(id, 1, Integer::sum);
        }
        Map<String, Integer> orderOf = new HashMap<>();
        drawn.forEach(n -> orderOf.put(n.id(), n.order()));
        List<String> hostGroups = new ArrayList<>(hostsUnder.keySet());
        hostGroups.sort(Comparator.comparing((String id) -> id.equals(LOOSE_HOSTS) ? Integer.MAX_VALUE
                : orderOf.get(id.substring("hosts:".length()))));
        for (int i = 0; i < hostGroups.size(); i++) {
            String id = hostGroups.get(i);
            int count = hostsUnder.get(id);
            String label = count == 1 ? "1 host" : count + " hosts";
            drawn.add(new MapGraph.Node(id, Kind.HOSTS, label, id.equals(LOOSE_HOSTS) ? label + " without a switch"
                    : label, 0, i, count, Status.UNKNOWN));
        }

        Map<String, String> drawnOf = new HashMap<>(drawnHost);
        drawnOf.putAll(drawnSwitch);
        return bundle(doc, drawn, tiers, drawnOf, nodes);
    }

    /** Tier 1: switches cabled to a host; every other switch one above its nearest leaf; unreached ones 1. */
    private static Map<String, Integer> tiers(Map<String, Set<String>> switchNeighbours,
                                              Map<String, Set<String>> hostLeaves) {
        Map<String, Integer> tier = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        hostLeaves.values().forEach(leaves -> leaves.forEach(leaf -> {
            if (tier.putIfAbsent(leaf, 1) == null) {
                queue.add(leaf);
            }
        }));
        while (!queue.isEmpty()) {
            String at = queue.poll();
            for (String next : switchNeighbours.get(at)) {
                if (!tier.containsKey(next)) {
                    tier.put(next, tier.get(at) + 1);
                    queue.add(next);
                }
            }
        }
        switchNeighbours.keySet().forEach(guid -> tier.putIfAbsent(guid, 1));
        return tier;
    }

    /**
     * One tier's drawn nodes: each switch alone when the tier is narrow; else switches with the same
     * neighbours one tier down (one tier up for leaves) when that makes between 2 and {@link #WIDE} groups;
     * else runs of switches in name order.
     */
    private static List<List<String>> groups(List<String> inTier, int level, Map<String, Integer> tier,
                                             Map<String, Set<String>> neighbours) {
        if (inTier.size() <= WIDE) {
            return inTier.stream().map(List::of).toList();
        }
        int towards = level == 1 ? 2 : level - 1;
        return alikeOrRuns(inTier, guid -> String.join(",", neighbours.get(guid).stream()
                .filter(n -> tier.get(n) == towards).toList()), WIDE);
    }

    /**
     * A tier cabled to every drawn node below it (a spine mesh) draws one bundle per pair: 720 crossing lines for 20
     * spines over 36 leaves. Past {@link #MESH} bundles the tier is drawn as fewer groups, so that groups times the
     * drawn nodes below stay within it: switches with the same drawn nodes below (planes), else runs by name.
     */
    private static List<List<String>> meshGroups(List<List<String>> groups, List<String> inTier, int level,
                                                 Map<String, Integer> tier, Map<String, Set<String>> neighbours,
                                                 Map<String, String> drawnSwitch) {
        Map<String, Set<String>> below = new HashMap<>();
        for (String guid : inTier) {
            below.put(guid, neighbours.get(guid).stream().filter(n -> tier.get(n) == level - 1)
                    .map(drawnSwitch::get).collect(Collectors.toCollection(TreeSet::new)));
        }
        int bundles = groups.stream().mapToInt(group -> (int) group.stream().flatMap(guid -> below.get(guid).stream())
                .distinct().count()).sum();
        if (bundles <= MESH) {
            return groups;
        }
        int lower = (int) below.values().stream().flatMap(Set::stream).distinct().count();
        return alikeOrRuns(inTier, guid -> String.join(",", below.get(guid)), Math.max(1, MESH / Math.max(lower, 1)));
    }

    /**
     * Switches with the same {@code signature} (their neighbours) as one group each, when that makes between 2 and
     * {@code most} groups; else runs by name. Runs are as even as they can be: 100 leaves are 34 runs of 2 or 3,
     * never one of 1 at the end.
     */
    private static List<List<String>> alikeOrRuns(List<String> inTier, Function<String, String> signature, int most) {
        Map<String, List<String>> alike = new LinkedHashMap<>();
        inTier.forEach(guid -> alike.computeIfAbsent(signature.apply(guid), key -> new ArrayList<>()).add(guid));
        return alike.size() >= 2 && alike.size() <= most ? List.copyOf(alike.values()) : runs(inTier, most);
    }

    /** {@code inTier} in name order as at most {@code count} runs, as even as they can be. */
    private static List<List<String>> runs(List<String> inTier, int count) {
        int n = inTier.size();
        int size = (n + count - 1) / count;
        int made = (n + size - 1) / size;
        List<List<String>> runs = new ArrayList<>();
        for (int i = 0; i < made; i++) {
            runs.add(inTier.subList(i * n / made, (i + 1) * n / made));
        }
        return runs;
    }

    private static Folded bundle(TopologyDocument doc, List<MapGraph.Node> drawn, int tiers,
                                 Map<String, String> drawnOf, Map<String, TopologyDocument.Node> nodes) {
        Map<String, Status> nodeStatus = new HashMap<>();
        Map<String, List<TopologyDocument.Link>> cables = new LinkedHashMap<>();
        int[] counts = new int[Status.values().length];
        List<MapGraph.Cable> problems = new ArrayList<>();
        for (TopologyDocument.Link link : doc.links()) {
            String a = drawnOf.get(link.a().nodeGuid());
            String b = drawnOf.get(link.b().nodeGuid());
            if (a == null || b == null) {
                continue;
            }
            Status status = statusOf(link);
            counts[status.ordinal()]++;
            nodeStatus.merge(a, status, MapFolder::worse);
            nodeStatus.merge(b, status, MapFolder::worse);
            String edge = a.equals(b) ? null : a.compareTo(b) < 0 ? a + "~" + b : b + "~" + a;
            if (edge != null) {
                cables.computeIfAbsent(edge, e -> new ArrayList<>()).add(link);
            }
            if (status != Status.OK && status != Status.UNKNOWN) {
                problems.add(cable(edge, link, status));
            }
        }
        List<MapGraph.Edge> edges = new ArrayList<>();
        cables.forEach((id, held) -> {
            Status worst = Status.OK;
            Double load = null;
            double errors = 0;
            int notOk = 0;
            for (TopologyDocument.Link link : held) {
                Status status = statusOf(link);
                worst = worse(worst, status);
                notOk += status == Status.OK || status == Status.UNKNOWN ? 0 : 1;
                if (link.health() != null) {
                    errors += link.health().errorsPerSecond();
                    Double u = link.health().utilisation();
                    if (u != null && Double.isFinite(u)) {
                        load = Math.max(load == null ? 0 : load, Math.min(Math.max(u, 0), 1));
                    }
                }
            }
            String[] ends = id.split("~", 2);
            edges.add(new MapGraph.Edge(id, ends[0], ends[1], held.size(), worst, load, errors, notOk));
        });
        List<MapGraph.Node> coloured = drawn.stream().map(n -> new MapGraph.Node(n.id(), n.kind(), n.label(), n.name(),
                n.tier(), n.order(), n.members(), nodeStatus.getOrDefault(n.id(), Status.UNKNOWN))).toList();
        problems.sort(Comparator.comparingInt((MapGraph.Cable c) -> rank(c.status()))
                .thenComparing(Comparator.comparingDouble(MapGraph.Cable::errorsPerSecond).reversed()));
        long switches = nodes.values().stream().filter(MapFolder::isSwitch).count();
        MapGraph.Summary summary = new MapGraph.Summary(nodes.size(), (int) switches, nodes.size() - (int) switches,
                doc.links().size(), counts[Status.DOWN.ordinal()], counts[Status.ERRORS.ordinal()],
                counts[Status.DEGRADED.ordinal()], counts[Status.OK.ordinal()], counts[Status.UNKNOWN.ordinal()]);
        MapGraph graph = new MapGraph(tiers, coloured, edges, summary,
                List.copyOf(problems.subList(0, Math.min(WORST, problems.size()))));
        return new Folded(doc, graph, cables, Map.copyOf(drawnOf));
    }

    static MapGraph.Cable cable(String edge, TopologyDocument.Link link, Status status) {
        LinkHealth health = link.health();
        return new MapGraph.Cable(edge, end(link.a()), end(link.b()), status,
                health == null ? 0 : health.errorsPerSecond(), health == null ? null : health.utilisation());
    }

    private static MapGraph.End end(TopologyDocument.End end) {
        return new MapGraph.End(end.nodeGuid(), end.nodeName(), ShortNames.of(end.nodeName()), end.port());
    }

    static Status statusOf(TopologyDocument.Link link) {
        return link.health() == null ? Status.UNKNOWN : link.health().status();
    }

    /** 0 for the worst health (down) up to OK's. */
    static int rank(Status status) {
        return WORST_FIRST.indexOf(status);
    }

    static Status worse(Status a, Status b) {
        return WORST_FIRST.indexOf(a) <= WORST_FIRST.indexOf(b) ? a : b;
    }

    private static boolean isSwitch(TopologyDocument.Node node) {
        return node.type() == NodeType.SWITCH;
    }

    private static String label(TopologyDocument.Node node) {
        return ShortNames.of(node.name());
    }

    private static List<String> sortedLabels(List<String> members, Map<String, TopologyDocument.Node> nodes) {
        return members.stream().map(guid -> label(nodes.get(guid))).sorted(NATURAL).toList();
    }

    private static String groupLabel(List<String> members, Map<String, TopologyDocument.Node> nodes) {
        List<String> names = sortedLabels(members, nodes);
        return names.getFirst() + "–" + names.getLast() + " (" + members.size() + ")";
    }

    private static String groupName(List<String> members, Map<String, TopologyDocument.Node> nodes) {
        List<String> names = sortedLabels(members, nodes);
        int shown = Math.min(names.size(), 20);
        return String.join(", ", names.subList(0, shown)) + (names.size() > shown ? " and " + (names.size() - shown)
                + " more" : "");
    }

    /** Compares names with their digit runs as numbers: leaf2 before leaf10. */
    static int compareNatural(String x, String y) {
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
            char a = x.charAt(i);
            char b = y.charAt(j);
            if (Character.isDigit(a) && Character.isDigit(b)) {
                int ei = i;
                int ej = j;
                while (ei < x.length() && Character.isDigit(x.charAt(ei))) {
                    ei++;
                }
                while (ej < y.length() && Character.isDigit(y.charAt(ej))) {
                    ej++;
                }
                String da = x.substring(i, ei).replaceFirst("^0+(?=.)", "");
                String db = y.substring(j, ej).replaceFirst("^0+(?=.)", "");
                int c = da.length() != db.length() ? Integer.compare(da.length(), db.length()) : da.compareTo(db);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                int c = Character.compare(Character.toLowerCase(a), Character.toLowerCase(b));
                if (c != 0) {
                    return c;
                }
                i++;
                j++;
            }
        }
        return Integer.compare(x.length() - i, y.length() - j);
    }
}
