package io.fabricpulse.agent.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The ports of a simulated fabric, read from {@code ibnetdiscover -p} as the oracle sees them. */
public final class FabricPorts {

    /**
     * One port line; routers (RT) are end nodes like CAs, so {@code isSwitch} is false for them.
     *
     * @param lid  the LID to address it by (a switch's LID for every switch port)
     * @param name the node's description
     */
    public record Port(boolean isSwitch, int lid, int port, String guid, String name, boolean cabled) {
    }

    private static final Pattern LINE = Pattern.compile("^(CA|SW|RT)\\s+(\\d+)\\s+(\\d+)\\s+0x([0-9a-f]+)\\s.*?'([^']*)'.*$");

    private FabricPorts() {
    }

    public static List<Port> parse(String ibnetdiscoverPorts) {
        List<Port> ports = new ArrayList<>();
        for (String line : ibnetdiscoverPorts.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                boolean cabled = line.contains(" - CA ") || line.contains(" - SW ") || line.contains(" - RT ");
                ports.add(new Port(m.group(1).equals("SW"), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                        m.group(4), m.group(5), cabled));
            }
        }
        return ports;
    }
}
