package io.fabricpulse.model.topology;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Broken files: each one is refused with the line that shows the problem and what was expected. */
class HostileTopologyTest {

    private static final String TWO_SWITCHES = """
            Switch 4 "a"
            [1] "b"[1]
            Switch 4 "b"
            [1] "a"[1]
            """;

    static Stream<Arguments> brokenFiles() {
        return Stream.of(
                arguments("port line before any header", "[1] \"a\"[1]\n", 1, "must follow a node header"),
                arguments("port beyond the port count", "Switch 2 \"a\"\n[3] \"b\"[1]\n", 2, "beyond the 2 ports of \"a\""),
                arguments("port listed twice", "Switch 2 \"a\"\n[1] \"b\"[1]\n[1] \"b\"[2]\n", 3, "listed twice (first on line 2)"),
                arguments("port zero", "Switch 2 \"a\"\n[0] \"b\"[1]\n", 2, "management port"),
                arguments("remote port zero", "Switch 2 \"a\"\n[1] \"b\"[0]\n", 2, "remote port [0]"),
                arguments("unclosed quote", "Switch 2 \"a\n", 1, "never closed"),
                arguments("no port count", "Switch \"a\"\n", 1, "expected the port count"),
                arguments("port count zero", "Ca 0 \"a\"\n", 1, "at least one port"),
                arguments("port count too large", "Switch 300 \"a\"\n", 1, "out of range (at most 255)"),
                arguments("port count glued to letters", "Switch 24x \"a\"\n", 1, "expected the port count (a number), found '24x'"),
                arguments("text after the id", "Switch 2 \"a\" junk\n", 1, "expected '#' and the node description"),
                arguments("empty id", "Switch 2 \"\"\n", 1, "1 to 64 characters"),
                arguments("id with a reserved character", "Switch 2 \"a#b\"\n", 1, "without '#' and '@'"),
                arguments("duplicate id", "Switch 2 \"a\"\nSwitch 2 \"a\"\n", 2, "already defined on line 1"),
                arguments("duplicate GUID", "caguid=0x10\nCa 1 \"x\"\ncaguid=0x10\nCa 1 \"y\"\n", 4, "already the GUID of \"x\" (line 2)"),
                arguments("GUID line against id", "caguid=0x10\nCa 1 \"H-0000000000000020\"\n", 2, "the setting on line 1"),
                arguments("contradicting ends", """
                        Switch 4 "A"
                        [3] "B"[1]
                        Switch 4 "B"
                        [1] "C"[2]
                        Switch 4 "C"
                        [2] "B"[1]
                        """, 4, "\"A\"[3] says it is cabled to \"B\"[1], but line 4 says \"B\"[1] is cabled to \"C\"[2]"),
                arguments("far end without the line back", "Switch 4 \"a\"\n[1] \"b\"[2]\nSwitch 4 \"b\"\n[1] \"a\"[1]\n", 2,
                        "has no line for port [2]"),
                arguments("remote port beyond the far node", "Switch 4 \"a\"\n[1] \"b\"[9]\nSwitch 4 \"b\"\n", 2, "beyond the 4 ports of \"b\""),
                arguments("far end without record or GUID", "Switch 4 \"a\"\n[1] \"nowhere\"[1]\n", 2, "no record for node \"nowhere\""),
                arguments("far end reached twice", """
                        Switch 4 "S-01"
                        [1] "H-02"[1]
                        [2] "H-02"[1]
                        """, 3, "already cabled on line 2"),
                arguments("far end with a known GUID", "Switch 4 \"S-0000000000200000\"\nSwitch 4 \"x\"\n[1] \"H-200000\"[1]\n", 3,
                        "has the GUID 0x0000000000200000"),
                arguments("cabled to itself", "Switch 4 \"a\"\n[2] \"a\"[2]\n", 2, "cabled to itself"),
                arguments("widths disagree", TWO_SWITCHES.replace("\"b\"[1]\n", "\"b\"[1] # \"b\" lid 1 4xEDR\n")
                        .replace("\"a\"[1]\n", "\"a\"[1] # \"a\" lid 1 1xEDR\n"), 4, "disagree on its width: 4X on line 2, 1X on line 4"),
                arguments("speeds disagree", TWO_SWITCHES.replace("\"b\"[1]\n", "\"b\"[1] # \"b\" lid 1 4xEDR\n")
                        .replace("\"a\"[1]\n", "\"a\"[1] # \"a\" lid 1 4xHDR\n"), 4, "disagree on its speed"),
                arguments("unknown speed", "Switch 4 \"a\"\n[1] \"b\"[1] # \"b\" lid 3 4xFOO\n", 2, "unknown link speed 'FOO'"),
                arguments("unknown width", "Switch 4 \"a\"\n[1] \"b\"[1] # \"b\" lid 3 3xEDR\n", 2, "unknown link width '3x'"),
                arguments("LID out of range", "Switch 4 \"a\" # \"a\" base port 0 lid 70000 lmc 0\n", 1, "out of range (at most 65535)"),
                arguments("port line after a blank line", "Switch 4 \"a\"\n[1] \"b\"[1]\n\n[2] \"b\"[2]\n", 4, "blank line that ended the record"),
                arguments("alias line", "Switch 4 \"a\"\n@[1] \"x\"\n", 2, "aliases"),
                arguments("include", "include \"other.net\"\n", 1, "'include' is not supported"),
                arguments("misspelt header", "Swtich 36 \"S-01\"\n", 1, "expected a node header"),
                arguments("port GUIDs disagree", """
                        Switch 4 "S-01"
                        [1] "H-10"[1](99) # "h" lid 2 4xEDR
                        caguid=0x10
                        Ca 1 "H-10"
                        [1](11) "S-01"[1] # lid 2 lmc 0 "s" lid 1 4xEDR
                        """, 2, "gives \"H-10\"[1] the port GUID 0x0000000000000099, line 5 gives it 0x0000000000000011"),
                arguments("unknown port option", "Switch 4 \"a\"\n[1] \"b\"[1] x=3\n", 2, "unknown port option 'x='"),
                arguments("width mask zero", "Switch 4 \"a\"\n[1] \"b\"[1] w=0\n", 2, "between 1 and 31"),
                arguments("width mask too large", "Switch 4 \"a\"\n[1] \"b\"[1] w=40\n", 2, "out of range (at most 31)"),
                arguments("no common enabled width", "Switch 4 \"a\"\n[1] \"b\"[1] w=1\nSwitch 4 \"b\"\n[1] \"a\"[1] w=2\n", 4,
                        "enable no common link width"),
                arguments("vendor id too large", "vendid=0x1000000\n", 1, "out of range"),
                arguments("device id not a number", "devid=zz\n", 1, "expected the value of devid (a number), found 'zz'"),
                arguments("sysimgguid beyond 64 bits", "sysimgguid=0x1ffffffffffffffff\n", 1, "1 to 16 hexadecimal digits"),
                arguments("switch port GUID broken", "switchguid=0x10(zz)\n", 1, "expected the switch's port GUID"),
                arguments("text after a setting", "vendid=0x2c9 extra\n", 1, "unexpected 'extra' after the value of vendid"),
                arguments("control character in a description", "Switch 4 \"a\" # \"bad\u0001name\"\n", 1, "control character"),
                arguments("bad Hostname line", "Hostname admin1\n", 1, "expected ':' after Hostname"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void refusesWithTheLineAndWhatWasExpected(String what, String text, int line, String reason) {
        assertThatThrownBy(() -> TopologyParser.parse(text))
                .isInstanceOfSatisfying(TopologyParseException.class, e -> {
                    assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
                    assertThat(e.reason()).contains(reason);
                    assertThat(e.getMessage()).startsWith("line " + line);
                });
    }
}
