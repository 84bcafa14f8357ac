package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A fat tree, the shape of most HPC and AI fabrics. Two levels ({@code pods} 1): {@code spines} spine switches,
 * {@code leaves} leaf switches, {@code hostsPerLeaf} single-port hosts on each leaf, and one uplink from every
 * leaf to every spine. Leaf ports 1..H go to hosts, H+1..H+S to spines 1..S; spine port L goes to leaf L.
 *
 * <p>Three levels ({@code pods} P &gt; 1), as large clusters are built: P pods, each a two-level tree of its own
 * {@code spines} and {@code leaves} (numbered on across the pods: pod 2's first leaf is leaf L+1), and a core
 * tier that keeps the tree non-blocking: each pod's spine s has L uplinks, one to each core of core group s
 * (S groups of L cores, P ports each: core port p goes to pod p). A pod spine's ports 1..L go to its pod's
 * leaves, L+1..2L to its cores.
 *
 * <p>Everything is derived from the numbers, so the same parameters always give the same fabric: GUIDs under
 * NVIDIA/Mellanox OUIs (switches 98:03:9b, HCAs 0c:42:a1; a host's port GUID is its node GUID + 1, as ibsim
 * numbers CA ports), descriptions as the devices report them ({@code MF0;leaf03:SB7800/U1},
 * {@code node0042 HCA-1}), device ids of the switch and HCA generation that matches the speed, and LIDs as
 * {@link LidPlan} gives them.
 *
 * @param spines       spine switches (of each pod)
 * @param leaves       leaf switches (of each pod)
 * @param hostsPerLeaf hosts cabled to each leaf
 * @param pods         1 for a two-level tree, more for three levels
 * @param width        width of every link
 * @param speed        speed of every link
 */
public record FatTreeGenerator(int spines, int leaves, int hostsPerLeaf, int pods, LinkWidth width, LinkSpeed speed) {

    private static final long SWITCH_GUID_BASE = 0x98039b0300000000L;
    private static final long HCA_GUID_BASE = 0x0c42a10300000000L;
    private static final int MELLANOX_VENDOR_ID = 0x02c9;

    public FatTreeGenerator {
        if (spines < 1 || leaves < 1 || hostsPerLeaf < 0 || pods < 1) {
            throw new IllegalArgumentException("a fat tree needs at least one spine, one leaf and one pod");
        }
        if (pods == 1 ? leaves > 255 : 2 * leaves > 255 || pods > 255) {
            throw new IllegalArgumentException("a switch has at most 255 ports: spines need "
                    + (pods == 1 ? leaves : 2 * leaves) + (pods == 1 ? "" : ", cores " + pods));
        }
        if (hostsPerLeaf + spines > 255) {
            throw new IllegalArgumentException("a switch has at most 255 ports: leaves need " + (hostsPerLeaf + spines));
        }
        if ((long) pods * leaves * hostsPerLeaf > 0xFFFFFF || (long) pods * Math.max(spines, leaves) > 0xFFFF
                || (long) spines * leaves > 0xFFFF) {
            throw new IllegalArgumentException("too many nodes for the GUID plan");
        }
        if (width == null || speed == null) {
            throw new IllegalArgumentException("width and speed are required");
        }
    }

    /** A two-level fat tree. */
    public FatTreeGenerator(int spines, int leaves, int hostsPerLeaf, LinkWidth width, LinkSpeed speed) {
        this(spines, leaves, hostsPerLeaf, 1, width, speed);
    }

    /** The demo fabric: 18 spines, 36 leaves, 18 hosts per leaf (648 hosts, 702 nodes), 4X EDR. */
    public static FatTreeGenerator demo() {
        return new FatTreeGenerator(18, 36, 18, LinkWidth.X4, LinkSpeed.EDR);
    }

    public Topology generate() {
        List<TopologyNode> nodes = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        int spinePorts = pods == 1 ? leaves : 2 * leaves;
        for (int pod = 0; pod < pods; pod++) {
            for (int s = 1; s <= spines; s++) {
                nodes.add(switchNode(spineGuid(pod * spines + s), spinePorts, switchDescription("spine", pod * spines + s)));
            }
        }
        for (int pod = 0; pod < pods; pod++) {
            for (int l = 1; l <= leaves; l++) {
                int leaf = pod * leaves + l;
                nodes.add(switchNode(leafGuid(leaf), hostsPerLeaf + spines, switchDescription("leaf", leaf)));
                for (int s = 1; s <= spines; s++) {
                    links.add(Link.between(new LinkEnd(leafGuid(leaf), hostsPerLeaf + s),
                            new LinkEnd(spineGuid(pod * spines + s), l), width, speed));
                }
            }
        }
        if (pods > 1) {
            for (int group = 1; group <= spines; group++) {
                for (int c = 1; c <= leaves; c++) {
                    int core = (group - 1) * leaves + c;
                    nodes.add(switchNode(coreGuid(core), pods, switchDescription("core", core)));
                    for (int pod = 0; pod < pods; pod++) {
                        links.add(Link.between(new LinkEnd(spineGuid(pod * spines + group), leaves + c),
                                new LinkEnd(coreGuid(core), pod + 1), width, speed));
                    }
                }
            }
        }
        for (int leaf = 1; leaf <= pods * leaves; leaf++) {
            for (int h = 1; h <= hostsPerLeaf; h++) {
                int host = (leaf - 1) * hostsPerLeaf + h;
                long guid = hostGuid(host);
                nodes.add(new TopologyNode(guid, NodeType.CA, 1, hostDescription(host), guid, MELLANOX_VENDOR_ID,
                        hcaDeviceId(), List.of(new PortAddress(1, guid + 1, 0))));
                links.add(Link.between(new LinkEnd(guid, 1), new LinkEnd(leafGuid(leaf), h), width, speed));
            }
        }
        Topology unnumbered = new Topology(nodes, links);
        return LidPlan.sequential(unnumbered).applyTo(unnumbered);
    }

    /** A one-line summary for the head of a written file. */
    public String title() {
        String shape = spines + " spines, " + leaves + " leaves, " + hostsPerLeaf + " hosts per leaf";
        return "FabricPulse fat tree: " + (pods == 1 ? shape : pods + " pods of " + shape + ", " + spines * leaves
                + " cores") + ", " + width.label() + " " + speed;
    }

    public static long spineGuid(int spine) {
        return SWITCH_GUID_BASE | 0x010000L | spine;
    }

    public static long leafGuid(int leaf) {
        return SWITCH_GUID_BASE | 0x020000L | leaf;
    }

    public static long coreGuid(int core) {
        return SWITCH_GUID_BASE | 0x030000L | core;
    }

    /** Node GUID of host {@code host} (1-based over the whole fabric); its port GUID is one more. */
    public static long hostGuid(int host) {
        return HCA_GUID_BASE | ((long) host << 4);
    }

    public static String hostDescription(int host) {
        return String.format("node%04d HCA-1", host);
    }

    /** {@code MF0;leaf03:SB7800/U1}: the NodeDescription format of NVIDIA managed switches. */
    public String switchDescription(String role, int index) {
        return String.format("MF0;%s%02d:%s/U1", role, index, switchModel());
    }

    private TopologyNode switchNode(long guid, int ports, String description) {
        return new TopologyNode(guid, NodeType.SWITCH, ports, description, guid, MELLANOX_VENDOR_ID, switchDeviceId(),
                List.of(new PortAddress(0, guid, 0)));
    }

    private String switchModel() {
        return switch (speed) {
            case HDR -> "MQM8700";
            case NDR, XDR -> "MQM9700";
            default -> "SB7800";
        };
    }

    /** Switch-IB 2 (EDR), Quantum (HDR), Quantum-2 (NDR). */
    private int switchDeviceId() {
        return switch (speed) {
            case HDR -> 0xd2f0;
            case NDR, XDR -> 0xd2f2;
            default -> 0xcf08;
        };
    }

    /** ConnectX-5 (EDR; "MT4119"), ConnectX-6 (HDR; "MT4123"), ConnectX-7 (NDR; "MT4129"). */
    private int hcaDeviceId() {
        return switch (speed) {
            case HDR -> 4123;
            case NDR, XDR -> 4129;
            default -> 4119;
        };
    }
}
