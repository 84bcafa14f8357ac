package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.PortReport;

import java.util.Arrays;
import java.util.List;

/**
 * What a node enables on its ports, per supported set: a port that enables less than the node's other ports with
 * the same supported widths (or speeds) was narrowed by hand (ibportstate, a configuration) and perhaps forgotten,
 * which the {@code link-degraded} rule reports. Computed from one node report and the latest views of the node's
 * ports it does not hold (discover-role agents send empty switch ports only after a walk: without them a port's
 * siblings, and so the verdict on its link, would come and go between polls); a node with one port of its kind (a
 * single-port HCA) has no siblings, and its links are judged by the far end's siblings (docs/ALERTING.md).
 */
final class SiblingCapabilities {

    private SiblingCapabilities() {
    }

    /**
     * Per port of the report, in its order: the union of what the ports with its supported set support and enable,
     * in {@link PortView#siblingBits()}' form; a half (widths, speeds) is 0 where the port is alone in its set or the
     * set is unknown. A few distinct sets per node, so a linear search over them, no boxing.
     *
     * @param supported  per port of the report, what it supports ({@link PortView#supportedBits(PortReport)})
     * @param capability per port of the report, what it supports and enables ({@link PortView#bits(PortReport)})
     * @param others     the latest views of the node's ports the report does not hold: siblings, never judged here
     */
    static int[] of(int[] supported, int[] capability, List<PortView> others) {
        int reported = supported.length;
        int all = reported + others.size();
        int[] widthKeys = new int[all];
        int[] widthCaps = new int[all];
        int[] speedKeys = new int[all];
        int[] speedCaps = new int[all];
        for (int i = 0; i < all; i++) {
            int supportedBits = i < reported ? supported[i] : others.get(i - reported).supportedBits();
            int capabilityBits = i < reported ? capability[i] : others.get(i - reported).capabilityBits();
            widthKeys[i] = supportedBits >>> 16;
            widthCaps[i] = capabilityBits >>> 16;
            speedKeys[i] = supportedBits & 0xFFFF;
            speedCaps[i] = capabilityBits & 0xFFFF;
        }
        int[] widths = unitedBySet(widthKeys, widthCaps);
        int[] speeds = unitedBySet(speedKeys, speedCaps);
        int[] bits = new int[reported];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = (widths[i] << 16) | speeds[i];
        }
        return bits;
    }

    /** Per index: the union of {@code caps} over the indices with the same non-zero key, 0 for a key held once. */
    private static int[] unitedBySet(int[] keys, int[] caps) {
        int[] distinct = new int[keys.length];
        int[] unions = new int[keys.length];
        int[] counts = new int[keys.length];
        int sets = 0;
        int[] setOf = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            int set = 0;
            while (set < sets && distinct[set] != keys[i]) {
                set++;
            }
            if (set == sets) {
                distinct[sets++] = keys[i];
            }
            unions[set] |= caps[i];
            counts[set]++;
            setOf[i] = set;
        }
        int[] united = new int[keys.length];
        Arrays.setAll(united, i -> keys[i] != 0 && counts[setOf[i]] > 1 ? unions[setOf[i]] : 0);
        return united;
    }
}
