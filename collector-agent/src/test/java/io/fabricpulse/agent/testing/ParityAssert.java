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
        // smpquery prints no traffic counters, so one run of the real tool is enough there
        IbsimFabric.ToolResult after = words[0].equals("smpquery") ? before : fabric.tool(simHost, words);
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

    /**
     * Where infiniband-diags fails (an unknown LID, a port the node has no counters for), ours fails
     * too: non-zero exit, nothing on stdout, and a message on stderr that says what and where,
     * containing every one of {@code ourMessageParts}.
     */
    public static void assertBothFail(IbsimFabric fabric, AgentJvm agent, String simHost, String commandLine,
            String... ourMessageParts) {
        IbsimFabric.ToolResult theirs = fabric.tool(simHost, commandLine.split(" "));
        IbsimFabric.ToolResult ours = agent.run(commandLine);
        assertThat(theirs.exitCode()).as("infiniband-diags %s on %s: %s", commandLine, simHost, theirs.stdout())
                .isNotZero();
        assertThat(ours.exitCode()).as("ours: %s on %s: %s", commandLine, simHost, ours.stdout()).isNotZero();
        assertThat(ours.stdout()).as("ours: %s on %s", commandLine, simHost).isEmpty();
        assertThat(ours.stderr()).as("ours: %s on %s", commandLine, simHost).contains(ourMessageParts);
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
