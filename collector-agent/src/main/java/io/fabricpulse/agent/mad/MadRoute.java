package io.fabricpulse.agent.mad;

import java.util.List;

/** How a MAD reaches its target: by LID, or by a directed route of out-ports from the local port. */
public sealed interface MadRoute {

    /** Routed by the destination's LID (LID-routed SMP or any GMP). */
    record Lid(int lid) implements MadRoute {
        public Lid {
            if (lid <= 0 || lid >= 0xC000) {
                throw new IllegalArgumentException("not a unicast LID: " + lid + " (1..49151)");
            }
        }

        @Override
        public String toString() {
            return "Lid " + lid;
        }
    }

    /**
     * A directed route: {@code outPorts} are the ports to leave by at each hop; empty means the
     * local port's own node. Works without LIDs, which is how a host finds the switch port its
     * cable plugs into.
     */
    record Directed(List<Integer> outPorts) implements MadRoute {
        public static final int MAX_HOPS = 63;

        public Directed {
            outPorts = List.copyOf(outPorts);
            if (outPorts.size() > MAX_HOPS) {
                throw new IllegalArgumentException("directed route of " + outPorts.size() + " hops (at most 63)");
            }
            for (int port : outPorts) {
                if (port < 0 || port > 254) {
                    throw new IllegalArgumentException("port " + port + " in directed route (0..254)");
                }
            }
        }

        public static Directed of(Integer... outPorts) {
            return new Directed(List.of(outPorts));
        }

        @Override
        public String toString() {
            // libibmad's portid2str for a directed route with permissive DrSLID/DrDLID
            StringBuilder sb = new StringBuilder("DR path slid 65535; dlid 65535; 0");
            outPorts.forEach(p -> sb.append(',').append(p));
            return sb.toString();
        }
    }
}
