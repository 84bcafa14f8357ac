package io.fabricpulse.server.routes;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one build of the routes found.
 *
 * @param builtAt         when it was built
 * @param switches        switches in the live topology
 * @param switchTables    of them, those with a forwarding table
 * @param hosts           CA ports with a LID
 * @param routedPairs     host pairs (ports on different nodes, each direction) whose route reaches its destination
 * @param unroutedPairs   the others, by how their route ends
 * @param meanHops        cables crossed per routed pair, on average
 * @param maxHops         cables crossed by the longest route
 * @param oldestTable     when the oldest table in use was read, null without tables
 * @param newestTable     when the newest was read, null without tables
 * @param examples        one pair per way of failing, by LIDs, for a log line or a trace
 * @param notes           disagreements between tables and topology (LIDs claimed twice, tables read before a
 *                        LID change), one line each, the first 20
 * @param buildNanos      how long the build took
 */
public record RouteSummary(Instant builtAt, int switches, int switchTables, int hosts, long routedPairs,
                           Map<Outcome, Long> unroutedPairs, double meanHops, int maxHops, Instant oldestTable,
                           Instant newestTable, Map<Outcome, Example> examples, List<String> notes, long buildNanos) {

    public RouteSummary {
        unroutedPairs = Map.copyOf(unroutedPairs);
        examples = Map.copyOf(examples);
        notes = List.copyOf(notes);
    }

    /** A pair of LIDs whose route ends some way. */
    public record Example(int sourceLid, int destinationLid) {
    }

    public long unrouted() {
        return unroutedPairs.values().stream().mapToLong(Long::longValue).sum();
    }
}
