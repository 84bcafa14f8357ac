package io.fabricpulse.agent.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/** The node-name map read as rdma-core's util/node_name_map.c reads it. */
class NodeNameMapTest {

    private static NodeNameMap parse(String text) throws NodeNameMap.NodeNameMapException {
        return NodeNameMap.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void namesAreTakenAsStrtokOnQuotesAndHashesTakesThem() throws Exception {
        NodeNameMap map = parse("""
                # comment
                   0xe41d2d03004f1b40 "ib000.cf0 (Mellanox SX6025, S54-21)"
                0XF452140300A00003\t"edge-2" # trailing comment
                0x10   spine   # unquoted keeps its blanks
                17 ##"hashes then quotes"
                010 "octal eight"
                0x20
                0x30 ""
                0xe41d2d03004f1b40 "the first line for a GUID wins"
                0x40 "Zürich ü"
                0x50 half "quoted"
                """);
        assertThat(map.name(0xe41d2d03004f1b40L)).hasValue("ib000.cf0 (Mellanox SX6025, S54-21)");
        assertThat(map.name(0xf452140300a00003L)).hasValue("edge-2");
        assertThat(map.name(0x10)).hasValue("spine   ");
        assertThat(map.name(17)).hasValue("hashes then quotes");
        assertThat(map.name(8)).hasValue("octal eight");
        assertThat(map.name(0x20)).isEmpty();
        assertThat(map.name(0x30)).isEmpty();
        assertThat(map.name(0x40)).hasValue("Zürich ü");
        assertThat(map.name(0x50)).hasValue("half ");
        assertThat(map.name(0x99)).isEmpty();
    }

    @Test
    void aGuidWithTheTopBitSetIsOneUnsignedNumber() throws Exception {
        assertThat(parse("0xffffffffffffffff max\n18446744073709551614 decimal\n").name(-1L)).hasValue("max");
        assertThat(parse("18446744073709551614 decimal\n").name(-2L)).hasValue("decimal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"node-1 \"no guid\"", "0xzz \"bad hex\"", "0x1a-b \"glued\"", "089 \"8 is not octal\"",
        "--1 \"two signs\"", "- 1 \"sign alone\""})
    void aLineTheCParserRejectsFailsTheWholeMapWithItsLineNumber(String bad) {
        assertThatThrownBy(() -> parse("0x1 \"fine\"\n\n" + bad + "\n0x2 \"after\"\n"))
                .isInstanceOf(NodeNameMap.NodeNameMapException.class)
                .hasMessageStartingWith("line 3: expected a GUID");
    }

    @Test
    void signsAndOverflowAreReadAsGlibcStrtoullReadsThem() throws Exception {
        NodeNameMap map = parse("-1 minus-one\n+0x10 plus\n-0x2 \"minus two\"\n0x1ffffffffffffffff saturated\n");
        assertThat(map.name(0xffffffffffffffffL)).hasValue("minus-one");
        assertThat(map.name(0x10)).hasValue("plus");
        assertThat(map.name(0xfffffffffffffffeL)).hasValue("minus two");
        // the first line for 2^64-1 wins over the saturated one
        assertThat(parse("-0x1ffffffffffffffff \"saturates, sign ignored\"\n").name(-1L))
                .hasValue("saturates, sign ignored");
    }

    @Test
    void aLineLongerThanFgetsReadsContinuesAsAnotherLine() throws Exception {
        // fgets hands the parser 255 bytes, then the rest of the line as if it were the next one
        String name = "n".repeat(300);
        assertThatThrownBy(() -> parse("0x1 \"" + name + "\"\n"))
                .isInstanceOf(NodeNameMap.NodeNameMapException.class).hasMessageStartingWith("line 1: ");
        String padded = "0x2 \"" + "m".repeat(249) + "\"0x3 \"tail\"\n";
        assertThat(padded.indexOf("0x3")).isEqualTo(255);
        NodeNameMap map = parse(padded);
        assertThat(map.name(2)).hasValue("m".repeat(249));
        assertThat(map.name(3)).hasValue("tail");
    }

    @Test
    void randomBytesGiveAMapOrItsTypedErrorNeverAnythingElse() {
        Random random = new Random(20261121);
        for (int i = 0; i < 20_000; i++) {
            byte[] content = new byte[random.nextInt(600)];
            random.nextBytes(content);
            if (random.nextBoolean()) {
                byte[] valid = "0x1 \"a\"\n".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(valid, 0, content, 0, Math.min(valid.length, content.length));
            }
            try {
                NodeNameMap.parse(content);
            } catch (NodeNameMap.NodeNameMapException expected) {
                assertThat(expected.getMessage()).startsWith("line ");
            } catch (RuntimeException e) {
                fail("seed case " + i + " threw " + e, e);
            }
        }
    }
}
