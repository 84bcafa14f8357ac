package io.fabricpulse.agent.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a two-level fat tree in ibnetdiscover/ibsim format: {@code leaves} 36-port leaf switches
 * with 18 hosts below and one cable to each of 18 spines above. 36 leaves make the classic
 * 648-host fabric (36 × 18).
 */
public final class FatTreeTopology {

    public static final int RADIX = 36;
    public static final int DOWN = RADIX / 2;

    private FatTreeTopology() {
    }

    public static String leaf(int i) {
        return "leaf-" + i;
    }

    public static String spine(int i) {
        return "spine-" + i;
    }

    public static String host(int leaf, int port) {
        return "host-%d-%d".formatted(leaf, port);
    }

    public static Path write(Path file, int leaves) {
        StringBuilder sb = new StringBuilder("# fat tree: %d leaves, %d spines, %d hosts\n\n".formatted(leaves, DOWN,
                leaves * DOWN));
        for (int l = 1; l <= leaves; l++) {
            sb.append("Switch\t%d \"%s\"\n".formatted(RADIX, leaf(l)));
            for (int p = 1; p <= DOWN; p++) {
                sb.append("[%d]\t\"%s\"[1]\n".formatted(p, host(l, p)));
            }
            for (int s = 1; s <= DOWN; s++) {
                sb.append("[%d]\t\"%s\"[%d]\n".formatted(DOWN + s, spine(s), l));
            }
            sb.append('\n');
        }
        for (int s = 1; s <= DOWN; s++) {
            sb.append("Switch\t%d \"%s\"\n".formatted(RADIX, spine(s)));
            for (int l = 1; l <= leaves; l++) {
                sb.append("[%d]\t\"%s\"[%d]\n".formatted(l, leaf(l), DOWN + s));
            }
            sb.append('\n');
        }
        for (int l = 1; l <= leaves; l++) {
            for (int p = 1; p <= DOWN; p++) {
                sb.append("Hca\t1 \"%s\"\n[1]\t\"%s\"[%d]\n\n".formatted(host(l, p), leaf(l), p));
            }
        }
        try {
            Files.writeString(file, sb);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
