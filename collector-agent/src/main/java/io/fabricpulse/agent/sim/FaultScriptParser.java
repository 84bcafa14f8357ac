package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.topology.LineCursor;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads the fault script format described on {@link FaultScript}. */
final class FaultScriptParser {

    private static final double MAX_RATE_PER_SECOND = 1e12;
    private static final double MAX_SECONDS = 10 * 365 * 24 * 3600.0;

    private final Map<String, List<TopologyNode>> nodesByDescription = new HashMap<>();
    private final Map<Long, TopologyNode> nodesByGuid = new HashMap<>();
    private final Map<LinkEnd, Link> linksByEnd = new HashMap<>();
    private final Map<Link, Integer> stateFaultLines = new HashMap<>();
    private final Map<Link, Integer> degradeLines = new HashMap<>();

    FaultScriptParser(Topology topology) {
        for (TopologyNode node : topology.nodes()) {
            nodesByDescription.computeIfAbsent(node.description(), d -> new ArrayList<>()).add(node);
            nodesByGuid.put(node.guid(), node);
        }
        for (Link link : topology.links()) {
            linksByEnd.put(link.a(), link);
            linksByEnd.put(link.b(), link);
        }
    }

    FaultScript parse(String text) throws FaultScriptException {
        List<Fault> faults = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1); // the byte-order mark some Windows editors put first
            }
            LineCursor<FaultScriptException> c = new LineCursor<>(line, i + 1, FaultScriptException::new);
            if (!c.atEnd() && !c.at('#')) {
                faults.addAll(fault(c));
            }
        }
        return new FaultScript(faults);
    }

    private List<Fault> fault(LineCursor<FaultScriptException> c) throws FaultScriptException {
        int mark = c.mark();
        String kind = c.identifier();
        return switch (kind) {
            case "symbol-errors" -> {
                LinkEnd port = port(c);
                double rate = rate(c);
                Map<String, Object> options = options(c, kind, Set.of("after"));
                yield List.of(new Fault.RisingCounter(c.line(), port, PortCounter.SymbolErrorCounter, rate, after(options)));
            }
            case "xmit-discards" -> {
                LinkEnd port = port(c);
                double rate = rate(c);
                Map<String, Object> options = options(c, kind, Set.of("wait", "after"));
                double stalled = (double) options.getOrDefault("wait", 0.4);
                yield List.of(new Fault.RisingCounter(c.line(), port, PortCounter.PortXmitDiscards, rate, after(options)),
                        new Fault.Congestion(c.line(), port, stalled, after(options)));
            }
            case "counter" -> {
                LinkEnd port = port(c);
                PortCounter counter = counter(c);
                double rate = rate(c);
                Map<String, Object> options = options(c, kind, Set.of("after"));
                yield List.of(new Fault.RisingCounter(c.line(), port, counter, rate, after(options)));
            }
            case "flap" -> List.of(flap(c, port(c)));
            case "down" -> {
                LinkEnd port = port(c);
                Map<String, Object> options = options(c, kind, Set.of("after"));
                claim(c, stateFaultLines, port, "a flap or down");
                yield List.of(new Fault.LinkDown(c.line(), port, after(options)));
            }
            case "degrade" -> List.of(degrade(c, port(c)));
            default -> {
                c.reset(mark);
                throw c.error("expected a fault (symbol-errors, xmit-discards, counter, flap, down, degrade) or a # comment, found "
                        + c.found());
            }
        };
    }

    private Fault flap(LineCursor<FaultScriptException> c, LinkEnd port) throws FaultScriptException {
        Map<String, Object> options = options(c, "flap", Set.of("period", "down", "after"));
        Duration period = (Duration) options.get("period");
        if (period == null || period.isZero()) {
            throw c.lineError("flap needs a period longer than zero, e.g. 'period 60s'");
        }
        Duration down = (Duration) options.getOrDefault("down", period.dividedBy(2));
        if (down.isZero() || down.compareTo(period) >= 0) {
            throw c.lineError("the down time of a flap must be longer than zero and shorter than its period (" + period.toSeconds() + "s)");
        }
        claim(c, stateFaultLines, port, "a flap or down");
        return new Fault.Flap(c.line(), port, period, down, after(options));
    }

    private Fault degrade(LineCursor<FaultScriptException> c, LinkEnd port) throws FaultScriptException {
        Map<String, Object> options = options(c, "degrade", Set.of("width", "speed"));
        if (options.isEmpty()) {
            throw c.lineError("degrade needs 'width <1X|2X|4X|8X|12X>' and/or 'speed <SDR..XDR>'");
        }
        Link link = linksByEnd.get(port);
        LinkWidth width = (LinkWidth) options.get("width");
        LinkSpeed speed = (LinkSpeed) options.get("speed");
        LinkWidth nominalWidth = link.width() != null ? link.width() : SimSource.DEFAULT_WIDTH;
        LinkSpeed nominalSpeed = link.speed() != null ? link.speed() : SimSource.DEFAULT_SPEED;
        if (width != null && width.lanes() > nominalWidth.lanes()) {
            throw c.lineError("cannot degrade a " + nominalWidth.label() + " link to the wider " + width.label());
        }
        if (speed != null && speed.compareTo(nominalSpeed) > 0) {
            throw c.lineError("cannot degrade a " + nominalSpeed + " link to the faster " + speed);
        }
        claim(c, degradeLines, port, "a degrade");
        return new Fault.Degrade(c.line(), port, width, speed);
    }

    /** One state fault of a kind per link: two flaps on one cable would contradict each other. */
    private void claim(LineCursor<FaultScriptException> c, Map<Link, Integer> claims, LinkEnd port, String what)
            throws FaultScriptException {
        Integer earlier = claims.putIfAbsent(linksByEnd.get(port), c.line());
        if (earlier != null) {
            throw c.lineError("the link of " + port + " already has " + what + " on line " + earlier);
        }
    }

    private LinkEnd port(LineCursor<FaultScriptException> c) throws FaultScriptException {
        int mark = c.mark();
        TopologyNode node;
        if (c.at('"')) {
            String description = c.quoted("the node description");
            List<TopologyNode> named = nodesByDescription.getOrDefault(description, List.of());
            if (named.isEmpty()) {
                c.reset(mark);
                throw c.error("no node of the topology has the description \"" + description + "\"");
            }
            if (named.size() > 1) {
                c.reset(mark);
                throw c.error(named.size() + " nodes have the description \"" + description + "\"; name the node by its GUID, e.g. "
                        + Guids.format(named.getFirst().guid()) + "[port]");
            }
            node = named.getFirst();
        } else if (c.at("0x") || c.at("0X")) {
            long guid = c.guidNumber("the node GUID");
            node = nodesByGuid.get(guid);
            if (node == null) {
                c.reset(mark);
                throw c.error("no node of the topology has the GUID " + Guids.format(guid));
            }
        } else {
            throw c.error("expected a port: \"node description\"[port] or 0xNODEGUID[port], found " + c.found());
        }
        c.expect('[', "'[' and the port number after the node");
        int port = (int) c.number("the port number", 255);
        c.expect(']', "']' after the port number");
        if (port < 1 || port > node.numPorts()) {
            throw c.lineError("\"" + node.description() + "\" has ports 1 to " + node.numPorts() + ", not [" + port + "]");
        }
        LinkEnd end = new LinkEnd(node.guid(), port);
        if (!linksByEnd.containsKey(end)) {
            throw c.lineError("port [" + port + "] of \"" + node.description() + "\" has no cable in the topology");
        }
        return end;
    }

    private static PortCounter counter(LineCursor<FaultScriptException> c) throws FaultScriptException {
        int mark = c.mark();
        String name = c.identifier();
        PortCounter counter = PortCounter.ofIbaName(name);
        if (counter == null || (counter.kind() != PortCounter.Kind.ERROR && counter.kind() != PortCounter.Kind.WAIT)) {
            c.reset(mark);
            throw c.error("expected an error counter or PortXmitWait by its IBA name (e.g. PortRcvErrors), found " + c.found()
                    + (counter != null ? ": data and packet counters follow the simulated traffic" : ""));
        }
        return counter;
    }

    private static double rate(LineCursor<FaultScriptException> c) throws FaultScriptException {
        double count = c.decimal("a rate");
        c.expect('/', "'/' and a time unit after the rate (e.g. 0.5/s)");
        int mark = c.mark();
        double seconds = switch (c.identifier()) {
            case "s" -> 1;
            case "min" -> 60;
            case "h" -> 3600;
            default -> {
                c.reset(mark);
                throw c.error("expected the rate's time unit s, min or h, found " + c.found());
            }
        };
        double perSecond = count / seconds;
        if (perSecond > MAX_RATE_PER_SECOND) {
            throw c.lineError("the rate is beyond " + (long) MAX_RATE_PER_SECOND + " per second");
        }
        return perSecond;
    }

    private static Duration duration(LineCursor<FaultScriptException> c, String what) throws FaultScriptException {
        double amount = c.decimal(what);
        int mark = c.mark();
        double seconds = switch (c.identifier()) {
            case "ms" -> amount / 1000;
            case "s" -> amount;
            case "m", "min" -> amount * 60;
            case "h" -> amount * 3600;
            default -> {
                c.reset(mark);
                throw c.error("expected the time unit of " + what + " (ms, s, min or h), found " + c.found());
            }
        };
        if (seconds > MAX_SECONDS) {
            throw c.lineError(what + " is longer than ten years");
        }
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    private static Map<String, Object> options(LineCursor<FaultScriptException> c, String kind, Set<String> allowed)
            throws FaultScriptException {
        Map<String, Object> options = new LinkedHashMap<>();
        while (!c.atEnd() && !c.at('#')) {
            int mark = c.mark();
            String name = c.identifier();
            if (!allowed.contains(name)) {
                c.reset(mark);
                throw c.error("unexpected " + c.found() + " for " + kind + " (it takes " + String.join(", ", allowed.stream().sorted().toList())
                        + ")");
            }
            if (options.containsKey(name)) {
                c.reset(mark);
                throw c.error("'" + name + "' is given twice");
            }
            options.put(name, optionValue(c, name));
        }
        return options;
    }

    private static Object optionValue(LineCursor<FaultScriptException> c, String name) throws FaultScriptException {
        int mark = c.mark();
        return switch (name) {
            case "after", "period", "down" -> duration(c, "the " + name + " time");
            case "wait" -> {
                double percent = c.decimal("the stalled share of time");
                c.expect('%', "'%' after the stalled share of time");
                if (percent <= 0 || percent > 100) {
                    c.reset(mark);
                    throw c.error("the stalled share of time must be above 0% and at most 100%");
                }
                yield percent / 100;
            }
            case "width" -> {
                LinkWidth width = LinkWidth.ofLabel(c.identifier());
                if (width == null) {
                    c.reset(mark);
                    throw c.error("expected a link width (1X, 2X, 4X, 8X or 12X), found " + c.found());
                }
                yield width;
            }
            case "speed" -> {
                LinkSpeed speed = LinkSpeed.ofName(c.identifier());
                if (speed == null) {
                    c.reset(mark);
                    throw c.error("expected a link speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR or XDR), found " + c.found());
                }
                yield speed;
            }
            default -> throw new IllegalStateException("no value reader for option " + name);
        };
    }

    private static Duration after(Map<String, Object> options) {
        return (Duration) options.getOrDefault("after", Duration.ZERO);
    }
}
