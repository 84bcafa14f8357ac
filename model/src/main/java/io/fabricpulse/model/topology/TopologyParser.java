package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.NodeType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a topology file: what {@code ibnetdiscover} prints and what {@code ibsim -s} reads, in
 * both of ibsim's dialects (GUID ids such as {@code "S-0002c90200410d02"} with
 * {@code switchguid=} lines, or free ids such as {@code "Switch1"} whose GUIDs ibsim numbers
 * itself, see {@link IbsimSettings}).
 * <p>
 * Tolerant of what real files contain: comments, blank lines, tabs, leading blanks, descriptions
 * with blanks and '#', missing port GUIDs, LIDs or width/speed comments, extended port numbers,
 * the grouping lines of {@code ibnetdiscover -g} ({@code Chassis ...}, {@code Hostname: ...},
 * {@code Non-Chassis Nodes}), ibsim's {@code do} commands (ignored: they act on the running
 * simulator, not on the structure). A node that only appears at the far end of cables (an
 * ibnetdiscover fragment) is completed from those lines when its id carries a GUID.
 * <p>
 * Strict about structure: any line that is none of those, a port line outside a record or after
 * the blank line that ends it (ibsim would drop it), a port beyond the node's port count or listed
 * twice, duplicate ids or GUIDs, and two ends of a cable that contradict each other each give a
 * {@link TopologyParseException} with the line. Nothing else is ever thrown for bad input.
 * ibsim's {@code include}, {@code module} and {@code @alias} features are refused with a message.
 */
public final class TopologyParser {

    private final IbsimSettings settings = new IbsimSettings();
    private final List<RawNode> records = new ArrayList<>();
    private RawNode current;
    private boolean recordEnded;

    private TopologyParser() {
    }

    public static Topology parse(String text) throws TopologyParseException {
        return parseLines(text.split("\n", -1));
    }

    /** Reads UTF-8 bytes; a line that is not UTF-8 is an error at that line. */
    public static Topology parse(byte[] utf8) throws TopologyParseException {
        List<String> lines = new ArrayList<>();
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        int start = 0;
        for (int i = 0; i <= utf8.length; i++) {
            if (i == utf8.length || utf8[i] == '\n') {
                try {
                    lines.add(decoder.decode(ByteBuffer.wrap(utf8, start, i - start)).toString());
                } catch (CharacterCodingException e) {
                    throw new TopologyParseException(lines.size() + 1, 0, "not UTF-8 text");
                }
                start = i + 1;
            }
        }
        return parseLines(lines.toArray(String[]::new));
    }

    public static Topology parse(InputStream in) throws IOException, TopologyParseException {
        return parse(in.readAllBytes());
    }

    public static Topology parse(Path file) throws IOException, TopologyParseException {
        return parse(Files.readAllBytes(file));
    }

    private static Topology parseLines(String[] lines) throws TopologyParseException {
        TopologyParser parser = new TopologyParser();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1); // the byte-order mark some Windows editors put first
            }
            parser.line(new LineCursor<>(line, i + 1, TopologyParseException::new));
        }
        return TopologyAssembler.assemble(parser.records);
    }

    private void line(LineCursor<TopologyParseException> c) throws TopologyParseException {
        if (c.atEnd()) {
            recordEnded = current != null;
            return;
        }
        if (c.at('#')) {
            return;
        }
        if (c.at('[')) {
            portLine(c);
            return;
        }
        if (c.at('@')) {
            throw c.lineError("ibsim port aliases ('@' lines) are not supported; write the cable as \"node\"[port]");
        }
        current = null;
        recordEnded = false;
        int mark = c.mark();
        String keyword = c.identifier();
        switch (keyword) {
            case "Switch" -> newRecord(c, NodeType.SWITCH);
            case "Ca", "Hca" -> newRecord(c, NodeType.CA);
            case "Rt" -> newRecord(c, NodeType.ROUTER);
            case "switchguid" -> guidBase(c, NodeType.SWITCH, keyword);
            case "caguid", "hcaguids" -> guidBase(c, NodeType.CA, keyword);
            case "rtguid" -> guidBase(c, NodeType.ROUTER, keyword);
            case "vendid" -> settings.vendorId((int) setting(c, keyword, 0xFFFFFF));
            case "devid" -> settings.deviceId((int) setting(c, keyword, 0xFFFF));
            case "sysimgguid" -> systemImageGuid(c);
            case "width" -> settings.portDefaults(EnabledRates.NONE.withWidth(mask(c, keyword, 1, 31)));
            case "speed" -> settings.portDefaults(EnabledRates.NONE.withSpeed(mask(c, keyword, 1, 7)));
            case "extspeed" -> settings.portDefaults(EnabledRates.NONE.withExtSpeed(mask(c, keyword, 0, 7)));
            case "do", "pdebug", "Chassis" -> c.rest();
            case "Hostname" -> expectAfterKeyword(c, ':', keyword);
            case "Non-Chassis" -> {
                if (!c.consumeWord("Nodes") || !c.atEnd()) {
                    throw unrecognized(c, mark);
                }
            }
            case "include", "module" -> throw c.lineError("ibsim's '" + keyword
                    + "' is not supported: write the whole fabric in one file with plain node ids");
            default -> throw unrecognized(c, mark);
        }
    }

    private void newRecord(LineCursor<TopologyParseException> c, NodeType type) throws TopologyParseException {
        current = RecordLineParser.header(c, type, settings);
        records.add(current);
    }

    private void portLine(LineCursor<TopologyParseException> c) throws TopologyParseException {
        if (current == null) {
            throw c.lineError("a port line must follow a node header (Switch, Ca, Hca or Rt) or another port line");
        }
        if (recordEnded) {
            throw c.lineError("port line after the blank line that ended the record of \"" + current.id()
                    + "\" (line " + current.line() + "); ibsim would drop it: remove the blank line");
        }
        RawPort port = RecordLineParser.portLine(c, current);
        current.ports().put(port.port(), port);
    }

    private void guidBase(LineCursor<TopologyParseException> c, NodeType type, String keyword) throws TopologyParseException {
        boolean relative = c.consume('+');
        if (!relative) {
            c.expect('=', "'=' or '+' after " + keyword);
        }
        long value = c.guidNumber("the GUID of " + keyword);
        if (type == NodeType.SWITCH && c.consume('(')) {
            settings.switchPortGuid(c.hexGuid("the switch's port GUID"));
            c.expect(')', "')' after the port GUID");
        }
        endOfSetting(c, keyword);
        settings.guidBase(type, value, relative, c.line());
    }

    private void systemImageGuid(LineCursor<TopologyParseException> c) throws TopologyParseException {
        c.expect('=', "'=' after sysimgguid");
        long guid = c.guidNumber("the system image GUID");
        endOfSetting(c, "sysimgguid");
        settings.systemImageGuid(guid);
    }

    private static long setting(LineCursor<TopologyParseException> c, String keyword, long max) throws TopologyParseException {
        c.expect('=', "'=' after " + keyword);
        long value = c.number("the value of " + keyword, max);
        endOfSetting(c, keyword);
        return value;
    }

    private static int mask(LineCursor<TopologyParseException> c, String keyword, int min, int max) throws TopologyParseException {
        c.expect('=', "'=' after " + keyword);
        int value = RecordLineParser.mask(c, "the mask " + keyword + "=", min, max);
        endOfSetting(c, keyword);
        return value;
    }

    /** A setting may carry a trailing comment (ibnetdiscover -g writes "# Chassis 1" after sysimgguid). */
    private static void endOfSetting(LineCursor<TopologyParseException> c, String keyword) throws TopologyParseException {
        if (!c.atEnd() && !c.at('#')) {
            throw c.error("unexpected " + c.found() + " after the value of " + keyword);
        }
    }

    private static void expectAfterKeyword(LineCursor<TopologyParseException> c, char sign, String keyword)
            throws TopologyParseException {
        c.expect(sign, "'" + sign + "' after " + keyword);
        c.rest();
    }

    private static TopologyParseException unrecognized(LineCursor<TopologyParseException> c, int mark) {
        c.reset(mark);
        return c.error("expected a node header (Switch, Ca, Hca, Rt), a port line ([n] ...), a setting (vendid=, devid=, "
                + "sysimgguid=, switchguid=, caguid=, rtguid=) or a # comment, found " + c.found());
    }
}
