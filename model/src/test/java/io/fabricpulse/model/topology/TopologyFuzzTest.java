package io.fabricpulse.model.topology;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Thousands of random mutations of valid files (cut ranges, inserted structure characters and
 * random code points, swapped, doubled, dropped and truncated lines, swapped tokens, wild
 * numbers, random bytes): each gives a Topology or a TopologyParseException, never anything else,
 * and every Topology that comes out survives the writer round trip. Seeded, so a failure repeats.
 */
class TopologyFuzzTest {

    private static final long SEED = 0x5EED_F00DL;
    private static final int MUTANTS = 4000;
    private static final String STRUCTURE = "\"[]()#@=+:-? \t\n0123456789abcdefxSHRlidmcwes";
    private static final String[] WORDS = {"Switch", "Ca", "Hca", "Rt", "lid", "lmc", "base port 0", "[ext 3]", "4xEDR", "??",
            "caguid=0x", "switchguid=0x", "sysimgguid=", "vendid=", "w=", "e=3", "\"S-0000000000000001\"", "\"H-1\"", "[0]",
            "[255]", "[256]", "99999999999999999999", "0xffffffffffffffff", "include", "Chassis", "do", "\"\"", "\r"};

    private final Random random = new Random(SEED);
    private int parsed;
    private int refused;

    @Test
    void mutantsGiveATopologyOrAParseErrorAndNothingElse() throws Exception {
        List<String> seeds = seeds();
        for (int i = 0; i < MUTANTS; i++) {
            String text = seeds.get(random.nextInt(seeds.size()));
            int mutations = 1 + random.nextInt(4);
            for (int m = 0; m < mutations; m++) {
                text = mutate(text);
            }
            check(i, text.getBytes(StandardCharsets.UTF_8), text);
        }
        for (int i = 0; i < 400; i++) {
            byte[] bytes = new byte[random.nextInt(400)];
            random.nextBytes(bytes);
            check(MUTANTS + i, bytes, null);
        }
        assertThat(parsed).as("enough mutants stay valid to exercise the round trip").isGreaterThan(MUTANTS / 20);
        assertThat(refused).as("enough mutants are broken to exercise the errors").isGreaterThan(MUTANTS / 2);
    }

    private void check(int index, byte[] bytes, String text) {
        try {
            Topology topology = text != null ? TopologyParser.parse(text) : TopologyParser.parse(bytes);
            parsed++;
            String written = TopologyWriter.toText(topology, "fuzz");
            Topology back = TopologyParser.parse(written);
            if (!back.equals(topology)) {
                fail("mutant " + index + " does not survive the round trip:\n" + shown(bytes) + "\n--- written:\n" + written);
            }
        } catch (TopologyParseException expected) {
            refused++;
            if (expected.line() < 1 || expected.reason().isBlank()) {
                fail("mutant " + index + " got an error without a line or reason: " + expected.getMessage());
            }
        } catch (Throwable unexpected) {
            throw new AssertionError("mutant " + index + " made the parser throw " + unexpected + ":\n" + shown(bytes), unexpected);
        }
    }

    private static String shown(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private List<String> seeds() throws Exception {
        List<String> seeds = new ArrayList<>();
        for (String resource : List.of("seed-000-ibnetdiscover.txt", "ibnetdiscover-of-ibsim-net.txt",
                "ibnetdiscover-of-ibsim-net.2sw2path4hca.txt", "ibnetdiscover-of-ibsim-net.2sw2path4hca2port.txt")) {
            seeds.add(TopologyParserTest.resourceText(resource));
        }
        // What TopologyWriter wrote for the agent's FatTreeGenerator(2, 2, 2, X4, HDR), named "small".
        seeds.add(TopologyParserTest.resourceText("fat-tree-2-2-2-hdr.txt"));
        seeds.add("""
                width=3
                Switch\t8 "Switch1" # core lid 4
                [1]\t"Hca1"[1] w=3 e=2
                [2]\t"Hca2"[2]

                Hca\t2 "Hca1"
                [1]\t"Switch1"[1]

                Ca\t2 "Hca2"
                [2]\t"Switch1"[2] s=7
                """);
        return seeds;
    }

    private String mutate(String text) {
        if (text.isEmpty()) {
            return randomPiece();
        }
        int at = random.nextInt(text.length() + 1);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int line = random.nextInt(lines.size());
        return switch (random.nextInt(10)) {
            case 0 -> text.substring(0, at) + text.substring(Math.min(text.length(), at + 1 + random.nextInt(12)));
            case 1 -> text.substring(0, at) + randomPiece() + text.substring(at);
            case 2 -> {
                int other = random.nextInt(lines.size());
                String swapped = lines.get(line);
                lines.set(line, lines.get(other));
                lines.set(other, swapped);
                yield String.join("\n", lines);
            }
            case 3 -> {
                lines.add(line, lines.get(line));
                yield String.join("\n", lines);
            }
            case 4 -> text.substring(0, at);
            case 5 -> {
                String[] tokens = lines.get(line).split("[ \t]+");
                if (tokens.length > 1) {
                    int a = random.nextInt(tokens.length);
                    int b = random.nextInt(tokens.length);
                    String swapped = tokens[a];
                    tokens[a] = tokens[b];
                    tokens[b] = swapped;
                }
                lines.set(line, String.join(random.nextBoolean() ? " " : "\t", tokens));
                yield String.join("\n", lines);
            }
            case 6 -> text.replaceFirst("\\d+", List.of("0", "1", "255", "256", "65536", "4294967296", "18446744073709551616")
                    .get(random.nextInt(7)));
            case 7 -> {
                lines.remove(line);
                yield String.join("\n", lines);
            }
            case 8 -> {
                String cut = lines.get(line);
                lines.set(line, cut.substring(0, random.nextInt(cut.length() + 1)));
                yield String.join("\n", lines);
            }
            default -> text.substring(0, Math.max(0, at - 1)) + (char) random.nextInt(0x3000) + text.substring(at);
        };
    }

    private String randomPiece() {
        if (random.nextBoolean()) {
            return WORDS[random.nextInt(WORDS.length)];
        }
        StringBuilder piece = new StringBuilder();
        for (int i = 1 + random.nextInt(6); i > 0; i--) {
            piece.append(random.nextInt(8) == 0 ? (char) random.nextInt(0x250) : STRUCTURE.charAt(random.nextInt(STRUCTURE.length())));
        }
        return piece.toString();
    }
}
