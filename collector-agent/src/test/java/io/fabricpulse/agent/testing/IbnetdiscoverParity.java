package io.fabricpulse.agent.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compares our {@code discover} with {@code ibnetdiscover}: the header's {@code Initiated from} line,
 * and every node record (vendid/devid/sysimgguid/guid lines, the node line, each cabled port's line)
 * byte for byte, as a set. Not compared, by nature: the {@code generated on} time, and the order of
 * the records (ibnetdiscover's is the order its answers happened to come in).
 */
public final class IbnetdiscoverParity {

    private static final int SHOWN = 6;

    private IbnetdiscoverParity() {
    }

    public static void assertSameFabric(String theirs, String ours, String context) {
        assertThat(headerLine(ours, "# Initiated from")).as("%s: header", context)
                .isEqualTo(headerLine(theirs, "# Initiated from"));
        assertThat(headerLine(ours, "# Topology file: generated on ")).as("%s: header", context).isNotNull();
        List<String> missing = minus(records(theirs), records(ours));
        List<String> extra = minus(records(ours), records(theirs));
        assertThat(missing.isEmpty() && extra.isEmpty()).as("%s: %d of ibnetdiscover's %d records differ from ours;"
                        + "%nonly ibnetdiscover's (first %d):%n%s%nonly ours (first %d):%n%s", context, missing.size(),
                records(theirs).size(), SHOWN, String.join("\n", first(missing)), SHOWN, String.join("\n", first(extra)))
                .isTrue();
    }

    /** The node records: the text between blank lines after the header comment. */
    public static List<String> records(String text) {
        List<String> records = new ArrayList<>();
        StringBuilder record = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty()) {
                if (!record.isEmpty()) {
                    records.add(record.toString());
                    record.setLength(0);
                }
            } else if (!line.startsWith("#") || !record.isEmpty()) {
                record.append(line).append('\n');
            }
        }
        if (!record.isEmpty()) {
            records.add(record.toString());
        }
        return records;
    }

    private static String headerLine(String text, String prefix) {
        return text.lines().takeWhile(l -> l.startsWith("#")).filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
    }

    /** {@code a} without {@code b}, counting repeats. */
    private static List<String> minus(List<String> a, List<String> b) {
        Map<String, Integer> left = new HashMap<>();
        b.forEach(r -> left.merge(r, 1, Integer::sum));
        List<String> rest = new ArrayList<>();
        for (String r : a) {
            if (left.getOrDefault(r, 0) > 0) {
                left.merge(r, -1, Integer::sum);
            } else {
                rest.add(r);
            }
        }
        return rest;
    }

    private static List<String> first(List<String> records) {
        return records.subList(0, Math.min(SHOWN, records.size()));
    }
}
