package io.fabricpulse.agent.loadgen;

/**
 * The shape of the simulated fabric for a wanted number of ports: {@code planes} identical two-level fat
 * trees, each with {@code spines} spines, {@code leaves} leaves and {@code hostsPerLeaf} (= spines) hosts per
 * leaf, i.e. non-blocking leaves. A port sample is one port of one node in one poll; every cable has two
 * ends and each end is reported, so a plane reports {@code 2 × leaves × (spines + hostsPerLeaf)} ports.
 * Large fabrics are built as several planes (rails, as in multi-rail AI clusters: host n has one HCA per
 * plane) because one two-level tree of 255-port switches ends at 129,540 ports.
 *
 * @param planes       number of fat trees, 1..{@value #MAX_PLANES}
 * @param spines       spines per plane
 * @param leaves       leaves per plane
 * @param hostsPerLeaf hosts cabled to each leaf
 */
public record FabricSize(int planes, int spines, int leaves, int hostsPerLeaf) {

    /** Planes are told apart by four bits of their GUIDs. */
    public static final int MAX_PLANES = 16;
    /** A switch has at most 255 ports: leaves carry spines + hosts, spines carry one port per leaf. */
    static final int MAX_SWITCH_PORTS = 255;
    static final int MAX_SPINES = MAX_SWITCH_PORTS / 2;
    static final int MAX_PORTS_PER_PLANE = 2 * MAX_SWITCH_PORTS * 2 * MAX_SPINES;
    public static final int MIN_PORTS = 4;
    public static final int MAX_PORTS = 2_000_000;

    /**
     * The fabric whose port count comes nearest {@code wanted}: as few planes as hold it, then the spine and
     * leaf counts nearest the canonical fat tree (twice as many leaves as spines) among the nearest sizes.
     */
    public static FabricSize forPorts(int wanted) {
        if (wanted < MIN_PORTS || wanted > MAX_PORTS) {
            throw new IllegalArgumentException("ports must be " + MIN_PORTS + " to " + MAX_PORTS + ", not " + wanted);
        }
        int planes = (wanted + MAX_PORTS_PER_PLANE - 1) / MAX_PORTS_PER_PLANE;
        FabricSize best = null;
        long bestError = Long.MAX_VALUE;
        int bestSkew = Integer.MAX_VALUE;
        for (int spines = 1; spines <= MAX_SPINES; spines++) {
            for (int leaves = 1; leaves <= MAX_SWITCH_PORTS; leaves++) {
                FabricSize candidate = new FabricSize(planes, spines, leaves, spines);
                long error = Math.abs((long) candidate.ports() - wanted);
                int skew = Math.abs(leaves - 2 * spines);
                if (error < bestError || error == bestError && skew < bestSkew) {
                    best = candidate;
                    bestError = error;
                    bestSkew = skew;
                }
            }
        }
        return best;
    }

    /** Port samples per poll of the whole fabric. */
    public int ports() {
        return planes * 2 * leaves * (spines + hostsPerLeaf);
    }

    /** Switches and hosts of all planes. */
    public int nodes() {
        return planes * (spines + leaves + leaves * hostsPerLeaf);
    }

    @Override
    public String toString() {
        return ports() + " ports on " + nodes() + " nodes: " + (planes == 1 ? "a fat tree" : planes + " fat-tree planes")
                + " of " + spines + " spines, " + leaves + " leaves, " + hostsPerLeaf + " hosts per leaf";
    }
}
