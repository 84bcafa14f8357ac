package io.fabricpulse.agent.testing;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compares our command's output with infiniband-diags', field by field. Querying a port whose
 * cable the query itself crosses moves its data and packet counters; perfquery is therefore run
 * before and after ours, and a counter that moved must sit exactly in the middle (both tools send
 * the same datagrams, so each run moves it by the same amount). Every other line must be equal.
 */
public final class ParityAssert {

    private ParityAssert() {
    }

    public static void assertSameOutput(IbsimFabric fabric, AgentJvm agent, String simHost, String commandLine) {
        String[] words = commandLine.split(" ");
        IbsimFabric.ToolResult before = fabric.tool(simHost, words);
        IbsimFabric.ToolResult ours = agent.run(commandLine);
        IbsimFabric.ToolResult after = fabric.tool(simHost, words);
        assertThat(before.exitCode()).as("%s on %s: %s", commandLine, simHost, before.stderr()).isZero();
        assertThat(ours.exitCode()).as("ours: %s on %s: %s", commandLine, simHost, ours.stderr()).isZero();
        List<String> a = lines(before.stdout());
        List<String> o = lines(ours.stdout());
        List<String> b = lines(after.stdout());
        assertThat(o).as("field names of %s on %s", commandLine, simHost).hasSameSizeAs(a);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            expected.add(a.get(i).equals(b.get(i)) ? a.get(i) : midpoint(a.get(i), o.get(i), b.get(i)));
        }
        assertThat(o).as("%s on %s", commandLine, simHost).containsExactlyElementsOf(expected);
    }

    /** Our line when its value is exactly between the two oracle values, else the first oracle line (a mismatch). */
    private static String midpoint(String before, String ours, String after) {
        int colon = before.indexOf(':');
        if (colon < 0 || !ours.startsWith(before.substring(0, colon + 1))) {
            return before;
        }
        try {
            long x = Long.parseLong(value(before));
            long y = Long.parseLong(value(ours));
            long z = Long.parseLong(value(after));
            return y - x == z - y && y > x ? ours : before;
        } catch (NumberFormatException e) {
            return before;
        }
    }

    private static String value(String line) {
        return line.substring(line.indexOf(':') + 1).replaceFirst("^\\.+", "");
    }

    private static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : List.of(text.split("\n", -1));
    }
}
