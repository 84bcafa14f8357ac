package io.fabricpulse.server.demo;

import io.fabricpulse.agent.sim.FatTreeGenerator;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.demo.*}.
 *
 * @param enabled  run the in-process demo agent (and allow anonymous read-only access)
 * @param interval time between the demo agent's polls, 1 s or more
 * @param agentId  the agent id the demo's batches carry
 * @param fatTree  the simulated fabric's shape ({@code fabricpulse.demo.fat-tree.spines}, {@code .leaves},
 *                 {@code .hosts-per-leaf}, {@code .pods}); the default is the bundled 648-host demo (702 nodes).
 *                 Another shape is generated the same way with the same fault script, e.g. 20, 36, 54 for 2,000
 *                 nodes (the map benchmark), or three levels with pods (see {@link FatTreeGenerator}); its faults
 *                 must name ports that shape has
 */
@ConfigurationProperties("fabricpulse.demo")
public record DemoProperties(@DefaultValue("false") boolean enabled,
                             @DefaultValue("5s") Duration interval,
                             @DefaultValue("demo-sim") String agentId,
                             @DefaultValue FatTree fatTree) {

    public DemoProperties {
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("fabricpulse.demo.interval must be at least 1s, was " + interval);
        }
    }

    /** A fat tree, 4X EDR like the bundled demo: two levels, or three with more than one pod. */
    public record FatTree(@DefaultValue("18") int spines, @DefaultValue("36") int leaves,
                          @DefaultValue("18") int hostsPerLeaf, @DefaultValue("1") int pods) {

        public FatTree {
            try {
                new FatTreeGenerator(spines, leaves, hostsPerLeaf, pods, LinkWidth.X4, LinkSpeed.EDR);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("fabricpulse.demo.fat-tree (" + spines + " spines, " + leaves
                        + " leaves, " + hostsPerLeaf + " hosts per leaf, " + pods + " pods): " + e.getMessage(), e);
            }
        }

        /** The bundled demo's shape, served from its checked-in topology file rather than generated. */
        boolean bundled() {
            FatTreeGenerator demo = FatTreeGenerator.demo();
            return spines == demo.spines() && leaves == demo.leaves() && hostsPerLeaf == demo.hostsPerLeaf()
                    && pods == demo.pods();
        }

        FatTreeGenerator generator() {
            return new FatTreeGenerator(spines, leaves, hostsPerLeaf, pods, LinkWidth.X4, LinkSpeed.EDR);
        }

        int nodes() {
            return pods * (spines + leaves + leaves * hostsPerLeaf) + (pods == 1 ? 0 : spines * leaves);
        }
    }
}
