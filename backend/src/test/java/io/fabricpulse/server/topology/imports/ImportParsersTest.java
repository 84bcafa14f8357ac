package io.fabricpulse.server.topology.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ImportParsersTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aNodeNameMapAsInfinibandDiagsWritesIt() throws Exception {
        Map<String, String> names = NodeNameMapParser.parse(utf8("""
                # switches
                0xe41d2d03004f1b40 "ib000.cf0 (Mellanox SX6025, S54-21)"
                  0x2c90200410d02\t"leaf 2"   # short GUID, trailing comment

                0x0002C903003178F0 unquoted name # comment
                """));
        assertThat(names).containsExactly(Map.entry("0xe41d2d03004f1b40", "ib000.cf0 (Mellanox SX6025, S54-21)"),
                Map.entry("0x0002c90200410d02", "leaf 2"), Map.entry("0x0002c903003178f0", "unquoted name"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            0x1 "a"\\nnot-a-guid "b"           | 2 | expected the node GUID
            0x1 "a"\\n0x01 "again"             | 2 | node 0x0000000000000001 is named again (first on line 1)
            0x1                                | 1 | expected the node's name after its GUID
            0x1 "open                          | 1 | is never closed
            0x1 "a" trailing                   | 1 | unexpected 'trailing' after the name
            0x1ffffffffffffffff "too long"     | 1 | 1 to 16 hexadecimal digits
            """)
    void aBrokenNodeNameMapSaysWhichLine(String text, int line, String reason) {
        ImportException e = catchThrowableOfType(ImportException.class,
                () -> NodeNameMapParser.parse(utf8(text.replace("\\n", "\n"))));
        assertThat(e).isNotNull();
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.getMessage()).contains(reason);
    }

    @Test
    void aNameLongerThanTheStoreHoldsIsRefusedWithItsLine() {
        ImportException e = catchThrowableOfType(ImportException.class,
                () -> NodeNameMapParser.parse(utf8("# x\n0x1 \"" + "n".repeat(201) + "\"\n")));
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.getMessage()).contains("201 characters");
    }

    @Test
    void notUtf8IsRefusedWithItsLine() {
        byte[] text = {'0', 'x', '1', ' ', '"', 'a', '"', '\n', '0', 'x', '2', ' ', '"', (byte) 0xC3, (byte) 0x28, '"'};
        assertThat(catchThrowableOfType(ImportException.class, () -> NodeNameMapParser.parse(text)).line()).isEqualTo(2);
    }

    @Test
    void fabricsConfClustersAndSuperClusters() throws Exception {
        List<FabricsConfParser.Cluster> clusters = FabricsConfParser.parse(utf8("""
                # ibcheck fabric definition
                [lr4]
                0x0002c90200410d02 = ib-leaf-1
                0x00188b9097fe8e41=n0001   # a host

                [lrc-fabric]
                0x0002c90200410d02 = ib-leaf-1
                0x00188b9097fe8e41
                [lr4]
                0x00188b9097fe906d = n0002
                """));
        assertThat(clusters).containsExactly(
                new FabricsConfParser.Cluster("lr4", List.of("0x0002c90200410d02", "0x00188b9097fe8e41", "0x00188b9097fe906d")),
                new FabricsConfParser.Cluster("lrc-fabric", List.of("0x0002c90200410d02", "0x00188b9097fe8e41")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            0x1 = n1                        | 1 | before the first [cluster] header
            [c1]\\n[bad name]               | 2 | cluster name 'bad name'
            [c1\\n0x1                       | 1 | ']' is missing
            [c1]\\n0x1 = n\\nzz = n2        | 3 | expected the node GUID
            [c1] extra                      | 1 | unexpected 'extra'
            """)
    void aBrokenFabricsConfSaysWhichLine(String text, int line, String reason) {
        ImportException e = catchThrowableOfType(ImportException.class,
                () -> FabricsConfParser.parse(utf8(text.replace("\\n", "\n"))));
        assertThat(e).isNotNull();
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.getMessage()).contains(reason);
    }

    /** Thousands of random mutations of good files: each parses or fails with a line inside the file, nothing else. */
    @Test
    void mutatedFilesFailOnlyWithALineError() {
        byte[] names = utf8("# map\n0xe41d2d03004f1b40 \"ib000.cf0\"\n0x0002c90200410d02 \"leaf 2\" # c\n");
        byte[] conf = utf8("[lr4]\n0x0002c90200410d02 = ib-leaf-1\n[all]\n0x00188b9097fe8e41 = n1\n");
        Random random = new Random(4);
        for (int i = 0; i < 4000; i++) {
            byte[] mutatedNames = Mutations.mutate(names, random);
            byte[] mutatedConf = Mutations.mutate(conf, random);
            assertFailsOnlyWithLine(mutatedNames, () -> NodeNameMapParser.parse(mutatedNames));
            assertFailsOnlyWithLine(mutatedConf, () -> FabricsConfParser.parse(mutatedConf));
        }
    }

    private static void assertFailsOnlyWithLine(byte[] input, ThrowingParse parse) {
        try {
            parse.run();
        } catch (ImportException e) {
            long lines = new String(input, StandardCharsets.UTF_8).lines().count() + 1;
            assertThat(e.line()).as(e.getMessage()).isBetween(1, (int) lines);
        } catch (RuntimeException e) {
            throw new AssertionError("unexpected " + e + " for input:\n" + new String(input, StandardCharsets.UTF_8), e);
        }
    }

    @FunctionalInterface
    private interface ThrowingParse {
        void run() throws ImportException;
    }
}
