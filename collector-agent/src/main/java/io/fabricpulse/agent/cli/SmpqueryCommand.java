package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadData;
import io.fabricpulse.agent.mad.MadException;
import io.fabricpulse.agent.mad.MadField;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.NodeInfoField;
import io.fabricpulse.agent.mad.PortInfoField;
import io.fabricpulse.agent.mad.SwitchInfoField;
import io.fabricpulse.agent.umad.MadEngine;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code smpquery nodeinfo|portinfo|nodedesc|switchinfo <lid> [port]} in-process, printing what
 * infiniband-diags' smpquery prints. With {@code -D} the address is a directed route such as
 * {@code 0,1} (out of local port 1).
 */
@Command(name = "smpquery", mixinStandardHelpOptions = true,
        description = "Query SMP attributes (nodeinfo|NI, portinfo|PI, nodedesc|ND, switchinfo|SI) like smpquery.")
public final class SmpqueryCommand implements Callable<Integer> {

    /** The operations and their smpquery aliases. */
    enum Op {
        NODEINFO("NI"), PORTINFO("PI"), NODEDESC("ND"), SWITCHINFO("SI");

        private final String alias;

        Op(String alias) {
            this.alias = alias;
        }

        static Op parse(String text) {
            for (Op op : values()) {
                if (op.name().equalsIgnoreCase(text) || op.alias.equalsIgnoreCase(text)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("operation '" + text + "' not supported; use one of "
                    + Arrays.stream(values()).map(o -> o.name().toLowerCase(Locale.ROOT)).toList());
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    UmadConnectionOptions connection;

    @Option(names = {"-D", "--Direct"}, description = "the address is a directed route, e.g. 0,1")
    boolean directed;

    @Parameters(index = "0", paramLabel = "OP", description = "nodeinfo|portinfo|nodedesc|switchinfo")
    String operation;

    @Parameters(index = "1", paramLabel = "ADDR", description = "LID, or with -D a directed route 0,p1,p2…")
    String address;

    @Parameters(index = "2", arity = "0..1", paramLabel = "PORT", converter = DiagsNumberConverter.class,
            description = "port for portinfo, decimal or 0x hex (default 0)")
    Integer port;

    private final Clock clock;

    public SmpqueryCommand() {
        this(Clock.systemUTC());
    }

    public SmpqueryCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Op op = Op.parse(operation);
            MadRoute route = route();
            try (UmadSession session = connection.open(clock)) {
                out.print(run(session.engine(), op, route));
                out.flush();
                return 0;
            }
        } catch (UmadUnavailableException | MadException e) {
            err.println("smpquery: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("smpquery: " + e.getMessage());
            return 2;
        }
    }

    private MadRoute route() {
        try {
            if (!directed) {
                return new MadRoute.Lid(Integer.decode(address));
            }
            List<Integer> hops = Arrays.stream(address.split(",")).map(String::strip).map(Integer::decode).toList();
            if (hops.isEmpty() || hops.getFirst() != 0) {
                throw new IllegalArgumentException("directed route '" + address + "' must start with 0");
            }
            return new MadRoute.Directed(hops.subList(1, hops.size()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("can't resolve destination port " + address, e);
        }
    }

    private String run(MadEngine engine, Op op, MadRoute route) throws MadException {
        int portNumber = port == null ? 0 : port;
        return switch (op) {
            case NODEINFO -> "# Node info: " + route + "\n" + lines(get(engine, route, MadAttribute.NODE_INFO, 0),
                    NodeInfoField.values());
            case PORTINFO -> "# Port info: %s port %d\n".formatted(route, portNumber)
                    + lines(get(engine, route, MadAttribute.PORT_INFO, portNumber), PortInfoField.values());
            case SWITCHINFO -> "# Switch info: " + route + "\n" + lines(get(engine, route, MadAttribute.SWITCH_INFO, 0),
                    SwitchInfoField.values());
            case NODEDESC -> {
                // smpquery reads NodeInfo first (for the node-name map) and fails the same way when it fails.
                get(engine, route, MadAttribute.NODE_INFO, 0);
                String description = get(engine, route, MadAttribute.NODE_DESCRIPTION, 0)
                        .printableNodeDescription();
                String name = "Node Description";
                yield name + ":" + (description.length() < 32 ? ".".repeat(32 - description.length()) : ".")
                        + description + "\n";
            }
        };
    }

    private static MadData get(MadEngine engine, MadRoute route, MadAttribute attribute, int modifier)
            throws MadException {
        return MadData.of(engine.call(Mads.smpGet(route, attribute, modifier)));
    }

    private static String lines(MadData data, MadField[] fields) {
        StringBuilder sb = new StringBuilder();
        for (MadField f : fields) {
            sb.append(data.line(f)).append('\n');
        }
        return sb.toString();
    }
}
