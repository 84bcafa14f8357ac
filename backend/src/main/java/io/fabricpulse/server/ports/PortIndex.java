package io.fabricpulse.server.ports;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A dense number for each port (node GUID and port number), given on first ask and kept for the life of the server:
 * 0, 1, 2... in the order ports were first seen, so that per-port state lives in {@link PortTable}s by it. One
 * index is shared by every feature (a Spring bean), so a port costs its entry once: per node, its GUID's map entry
 * and an array of numbers by port number (~64 bytes for a one-port HCA, ~6 bytes a port on a 36-port switch).
 *
 * <p>Numbers are never taken back: the features that keep state by them kept it for every port ever seen before
 * (their maps never shrank either), and a port that comes back keeps its number. A GUID is matched as spelt; a
 * feature that canonicalises GUIDs asks with the canonical spelling.
 *
 * <p>Thread-safe: a node's array is replaced, never changed in place, so a reader without a lock sees a whole one.
 */
public final class PortIndex {

    /** What {@link #find} answers for a port never numbered. */
    public static final int NONE = -1;

    /** IBA port numbers are 0..254 (255 is PerfMgt's "all ports"). */
    private static final int MAX_PORT = 254;

    /** Per node GUID, each port's number + 1 by port number (0: none yet). */
    private final ConcurrentHashMap<String, int[]> byNode = new ConcurrentHashMap<>();
    private final AtomicInteger given = new AtomicInteger();

    /** The port's number, or {@link #NONE} when it has none yet. */
    public int find(String nodeGuid, int portNumber) {
        int[] ports = byNode.get(nodeGuid);
        return ports == null || portNumber < 0 || portNumber >= ports.length ? NONE : ports[portNumber] - 1;
    }

    /** The port's number, giving it the next one if it has none. */
    public int of(String nodeGuid, int portNumber) {
        int found = find(nodeGuid, portNumber);
        if (found != NONE) {
            return found;
        }
        if (portNumber < 0 || portNumber > MAX_PORT) {
            throw new IllegalArgumentException("port number must be 0.." + MAX_PORT + ", got " + portNumber);
        }
        int[] ports = byNode.compute(nodeGuid, (guid, known) -> {
            if (known != null && portNumber < known.length && known[portNumber] != 0) {
                return known; // numbered by another thread meanwhile
            }
            int[] grown = known == null ? new int[portNumber + 1]
                    : Arrays.copyOf(known, Math.max(known.length, portNumber + 1));
            grown[portNumber] = given.incrementAndGet();
            return grown;
        });
        return ports[portNumber] - 1;
    }

    /** How many numbers were given: every number is below it. */
    public int size() {
        return given.get();
    }
}
