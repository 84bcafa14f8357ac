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

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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

    @Option(names = "--node-name-map", paramLabel = "FILE", description = "node-name map whose names nodedesc "
            + "prints instead of descriptions (default: " + NodeNameMap.DEFAULT_PATH + " when it exists)")
    Path nodeNameMap;

    @Parameters(index = "0", paramLabel = "OP", description = "nodeinfo|portinfo|nodedesc|switchinfo")
    String operation;

    @Parameters(index = "1", paramLabel = "ADDR", description = "LID, or with -D a directed route 0,p1,p2…")
    String address;

    @Parameters(index = "2", arity = "0..1", paramLabel = "PORT", converter = DiagsNumberConverter.class,
            description = "port for portinfo, decimal or 0x hex (default 0)")
    Integer port;

    private final Clock clock;
    private final Path defaultNodeNameMap;

    /** Reads {@link NodeNameMap#DEFAULT_PATH}, when it exists, if no {@code --node-name-map} is given. */
    public SmpqueryCommand(Clock clock) {
        this(clock, Path.of(NodeNameMap.DEFAULT_PATH));
    }

    /** {@code defaultNodeNameMap} is read, when it exists, if no {@code --node-name-map} is given. */
    public SmpqueryCommand(Clock clock, Path defaultNodeNameMap) {
        this.clock = clock;
        this.defaultNodeNameMap = defaultNodeNameMap;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Op op = Op.parse(operation);
            MadRoute route = route();
            try (UmadSession session = connection.open(clock)) {
                out.print(run(session.engine(), op, route, err));
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

    private String run(MadEngine engine, Op op, MadRoute route, PrintWriter err) throws MadException {
        int portNumber = port == null ? 0 : port;
        return switch (op) {
            case NODEINFO -> "# Node info: " + route + "\n" + lines(get(engine, route, MadAttribute.NODE_INFO, 0),
                    NodeInfoField.values());
            case PORTINFO -> "# Port info: %s port %d\n".formatted(route, portNumber)
                    + lines(get(engine, route, MadAttribute.PORT_INFO, portNumber), PortInfoField.values());
            case SWITCHINFO -> "# Switch info: " + route + "\n" + lines(get(engine, route, MadAttribute.SWITCH_INFO, 0),
                    SwitchInfoField.values());
            case NODEDESC -> {
                // smpquery reads NodeInfo first, for the node-name map, and fails the same way when it fails.
                long nodeGuid = get(engine, route, MadAttribute.NODE_INFO, 0).get(NodeInfoField.Guid);
                String printable = get(engine, route, MadAttribute.NODE_DESCRIPTION, 0).printableNodeDescription();
                String description = nodeNameMap(err).name(nodeGuid).orElse(printable);
                // smpquery pads to strlen(), bytes: a mapped name in UTF-8 counts each byte
                int length = description.getBytes(StandardCharsets.UTF_8).length;
                yield "Node Description:" + (length < 32 ? ".".repeat(32 - length) : ".") + description + "\n";
            }
        };
    }

    /**
     * The map smpquery would use: an unreadable or malformed map is ignored with a warning, as
     * infiniband-diags ignores it, so the output stays the same as the real tool's.
     */
    private NodeNameMap nodeNameMap(PrintWriter err) {
        Path file = nodeNameMap != null ? nodeNameMap : Files.exists(defaultNodeNameMap) ? defaultNodeNameMap : null;
        if (file == null) {
            return NodeNameMap.empty();
        }
        try {
            return NodeNameMap.read(file);
        } catch (NoSuchFileException e) {
            err.println("smpquery: ignoring node name map " + file + ": no such file");
        } catch (AccessDeniedException e) {
            err.println("smpquery: ignoring node name map " + file + ": permission denied");
        } catch (IOException | NodeNameMap.NodeNameMapException e) {
            err.println("smpquery: ignoring node name map " + file + ": " + e.getMessage());
        }
        return NodeNameMap.empty();
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
