package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;

/**
 * The grammar of node headers and port lines, in both dialects ibsim reads:
 * <pre>
 * Switch 24 "S-0002c90200410d02"   # "MT47396 Infiniscale-III Mellanox Technologies" base port 0 lid 2 lmc 0
 * [16]  "H-00188b9097fe8e41"[1](188b9097fe8e42)   # "rac1001 HCA-1" lid 4 4xDDR
 * Ca 2 "H-00188b9097fe8e41"   # "rac1001 HCA-1"
 * [1](188b9097fe8e42)  "S-0002c90200410d02"[16]  # lid 4 lmc 0 "MT47396 Infiniscale-III ..." lid 2 4xDDR
 * Hca 2 "Hca1"
 * [1]  "Switch1"[1]  w=1
 * </pre>
 * Extended port numbers ({@code [16][ext 4]}) are read and dropped; a missing remote port means 1;
 * comments after the width/speed token ({@code s=4 w=2 v=4}, {@code slot 3}) are ignored.
 */
final class RecordLineParser {

    private static final int MAX_ID_LENGTH = 64;

    private RecordLineParser() {
    }

    /** The header after its keyword: port count, node id, optional {@code # description ...}. */
    static RawNode header(LineCursor<TopologyParseException> c, NodeType type, IbsimSettings settings)
            throws TopologyParseException {
        long numPorts = c.number("the port count", 255);
        if (numPorts == 0) {
            throw c.lineError("a node has at least one port, this header says 0");
        }
        String id = nodeId(c, "the node id");
        String description = null;
        int lid = 0;
        if (c.consume('#')) {
            if (c.at('"')) {
                description = c.quoted("the node description");
            } else {
                int mark = c.mark();
                description = c.upTo("the node description", " base port ", " enhanced port ", " lid ", " lmc ");
                if (description.indexOf('"') >= 0) {
                    c.reset(mark);
                    throw c.error("an unquoted node description cannot contain '\"': put the description in double quotes");
                }
            }
            if (type == NodeType.SWITCH) {
                lid = switchHeaderTail(c);
            }
        } else if (!c.atEnd()) {
            throw c.error("expected '#' and the node description, or the end of the line, found " + c.found());
        }
        return settings.newNode(c, type, (int) numPorts, id, description == null || description.isEmpty() ? null : description, lid);
    }

    /** A port line of {@code node}'s record. */
    static RawPort portLine(LineCursor<TopologyParseException> c, RawNode node) throws TopologyParseException {
        c.expect('[', "'[' and a port number");
        int port = (int) c.number("the port number", 255);
        c.expect(']', "']' after the port number");
        if (port == 0) {
            throw c.lineError("port [0] is a switch's internal management port and has no cable");
        }
        if (port > node.numPorts()) {
            throw c.lineError("port [" + port + "] is beyond the " + node.numPorts() + " ports of \"" + node.id()
                    + "\" (header on line " + node.line() + ")");
        }
        RawPort earlier = node.ports().get(port);
        if (earlier != null) {
            throw c.lineError("port [" + port + "] of \"" + node.id() + "\" is listed twice (first on line " + earlier.line() + ")");
        }
        skipExtendedPort(c);
        boolean switchRecord = node.type() == NodeType.SWITCH;
        Long ownGuid = !switchRecord ? optionalGuid(c, "the port GUID") : null;
        String remoteId = nodeId(c, "the id of the node at the other end of the cable");
        int remotePort = 1;
        if (c.at('[') && !atExtendedPort(c)) {
            c.expect('[', "'['");
            remotePort = (int) c.number("the remote port number", 255);
            c.expect(']', "']' after the remote port number");
            if (remotePort == 0) {
                throw c.lineError("the remote port [0] is a switch's internal management port and has no cable");
            }
        }
        skipExtendedPort(c);
        Long remoteGuid = optionalGuid(c, "the remote port GUID");
        EnabledRates options = options(c);
        Comment comment = c.consume('#') ? comment(c, !switchRecord) : Comment.NONE;
        return new RawPort(c.line(), port, ownGuid, remoteId, remotePort, remoteGuid, comment.ownLid, comment.remoteDescription,
                comment.remoteLid, comment.rateStated, comment.width, comment.speed, options);
    }

    private record Comment(Integer ownLid, String remoteDescription, Integer remoteLid, boolean rateStated,
                           LinkWidth width, LinkSpeed speed) {
        static final Comment NONE = new Comment(null, null, null, false, null, null);
    }

    private static int switchHeaderTail(LineCursor<TopologyParseException> c) throws TopologyParseException {
        int lid = 0;
        while (true) {
            if (c.consumeWord("base") || c.consumeWord("enhanced")) {
                if (!c.consumeWord("port")) {
                    throw c.error("expected 'port 0' after base/enhanced, found " + c.found());
                }
                c.number("the management port number", 0);
            } else if (c.consumeWord("lid")) {
                lid = (int) c.number("the switch LID", 0xFFFF);
            } else if (c.consumeWord("lmc")) {
                c.number("the LMC", 7);
            } else {
                return lid;
            }
        }
    }

    private static Comment comment(LineCursor<TopologyParseException> c, boolean caRecord) throws TopologyParseException {
        Integer ownLid = null;
        if (caRecord) {
            int mark = c.mark();
            if (c.consumeWord("lid")) {
                int lid = (int) c.number("the port's LID", 0xFFFF);
                if (c.consumeWord("lmc")) {
                    c.number("the LMC", 7);
                    ownLid = lid;
                } else {
                    c.reset(mark);
                }
            }
        }
        String remoteDescription = c.at('"') ? c.quoted("the remote node description") : null;
        Integer remoteLid = c.consumeWord("lid") ? (int) c.number("the remote LID", 0xFFFF) : null;
        int mark = c.mark();
        String token = c.token();
        int split = rateSplit(token);
        if (split < 0) {
            c.reset(mark);
            return new Comment(ownLid, remoteDescription, remoteLid, false, null, null);
        }
        String widthText = token.substring(0, split);
        String speedText = token.substring(split);
        LinkWidth width = null;
        if (!widthText.equals("??")) {
            width = LinkWidth.ofLabel(widthText.substring(0, widthText.length() - 1) + "X");
            if (width == null) {
                c.reset(mark);
                throw c.error("unknown link width '" + widthText + "' (expected 1x, 2x, 4x, 8x, 12x or ??)");
            }
        }
        LinkSpeed speed = null;
        if (!speedText.equals("???")) {
            speed = LinkSpeed.ofName(speedText);
            if (speed == null) {
                c.reset(mark);
                throw c.error("unknown link speed '" + speedText + "' in '" + token
                        + "' (expected SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR or ???)");
            }
        }
        return new Comment(ownLid, remoteDescription, remoteLid, true, width, speed);
    }

    /**
     * Where the speed starts in a width/speed token such as {@code 4xEDR} or {@code ??SDR}; -1 when
     * the token is not one (then it is ordinary comment text).
     */
    private static int rateSplit(String token) {
        if (token.startsWith("??")) {
            return 2;
        }
        int i = 0;
        while (i < token.length() && Character.isDigit(token.charAt(i))) {
            i++;
        }
        if (i == 0 || i >= token.length() || (token.charAt(i) != 'x' && token.charAt(i) != 'X')) {
            return -1;
        }
        return i + 1;
    }

    private static EnabledRates options(LineCursor<TopologyParseException> c) throws TopologyParseException {
        EnabledRates options = EnabledRates.NONE;
        while (!c.atEnd() && !c.at('#')) {
            String name = c.identifier();
            if (name.isEmpty() || !c.consume('=')) {
                throw c.error("expected a port option (w=, s=, e=) or '#' and a comment, found " + c.found());
            }
            options = switch (name) {
                case "w" -> options.withWidth(mask(c, "the enabled width mask w=", 1, 31));
                case "s" -> options.withSpeed(mask(c, "the enabled speed mask s=", 1, 7));
                case "e" -> options.withExtSpeed(mask(c, "the enabled extended speed mask e=", 0, 7));
                default -> throw c.error("unknown port option '" + name + "=' (ibsim knows w=, s= and e=)");
            };
        }
        return options;
    }

    static int mask(LineCursor<TopologyParseException> c, String what, int min, int max) throws TopologyParseException {
        int mark = c.mark();
        int value = (int) c.number(what, max);
        if (value < min) {
            c.reset(mark);
            throw c.error(what + " must be between " + min + " and " + max + ", not " + value);
        }
        return value;
    }

    private static Long optionalGuid(LineCursor<TopologyParseException> c, String what) throws TopologyParseException {
        if (!c.consume('(')) {
            return null;
        }
        long guid = c.hexGuid(what);
        c.expect(')', "')' after " + what);
        return guid;
    }

    private static boolean atExtendedPort(LineCursor<TopologyParseException> c) {
        int mark = c.mark();
        boolean extended = c.consume('[') && c.consumeWord("ext");
        c.reset(mark);
        return extended;
    }

    private static void skipExtendedPort(LineCursor<TopologyParseException> c) throws TopologyParseException {
        if (atExtendedPort(c)) {
            c.consume('[');
            c.consumeWord("ext");
            c.number("the external port number", 255);
            c.expect(']', "']' after the external port number");
        }
    }

    private static String nodeId(LineCursor<TopologyParseException> c, String what) throws TopologyParseException {
        int mark = c.mark();
        String id = c.quoted(what);
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH || id.indexOf('#') >= 0 || id.indexOf('@') >= 0) {
            c.reset(mark);
            throw c.error(what + " must be 1 to " + MAX_ID_LENGTH + " characters without '#' and '@' (ibsim reserves them), found "
                    + c.found());
        }
        return id;
    }
}
