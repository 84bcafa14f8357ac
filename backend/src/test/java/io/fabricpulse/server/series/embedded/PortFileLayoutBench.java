package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.RateSeries;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the embedded store's file layout alone costs the machine, for docs/PERFORMANCE.md (session 10): the
 * bytes the store writes for {@code bench.ports} ports sampled every {@code bench.interval} seconds, for
 * {@code bench.seconds}, with nothing else (no parsing, rates or database), and the machine's busy time from
 * {@code /proc/stat} (all CPUs, so the kernel's write-back and page faults count too). Layouts
 * ({@code bench.layout}):
 * <ul>
 *   <li>{@code rrd}: today's, one rrd4j file per port, mapped ({@link RrdFields}' offsets, the default
 *   archives): each sample writes the header and datasource states; a sample that ends a 10 s step also
 *   writes every archive's state and the rows that complete. A mapping per port: past about 65,000 ports
 *   Linux's {@code vm.max_map_count} must be raised;</li>
 *   <li>{@code rrd-pwrite}: the same bytes through {@code FileChannel.write} at an offset ({@code pwrite}) on
 *   a descriptor held per file (this VM allows 20,000), instead of through a mapping;</li>
 *   <li>{@code slots}: the same values in a layout of many ports per file: one 4 KB page of state per port
 *   (datasource and archive states) in files of 4,096 ports, and per archive a time-major file of rows,
 *   row {@code r} of every port of the group side by side.</li>
 * </ul>
 * Not a test: the name keeps it out of normal runs, and it asserts nothing about time. Run with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=PortFileLayoutBench
 * -Dbench.layout=slots -Dbench.ports=200000 -Dbench.interval=10 -Dbench.seconds=90 -Dbench.dir=/work/bench};
 * give {@code bench.dir} on the disk to measure (a temp directory is deleted afterwards, which for 200,000
 * files takes minutes and slows the file system for a while after). The machine's busy time counts every
 * process, so run it on an otherwise idle machine. The figures go to
 * {@code backend/target/surefire-reports/io.fabricpulse.server.series.embedded.PortFileLayoutBench-output.txt}.
 */
@Tag("bench")
class PortFileLayoutBench {

    private static final String LAYOUT = System.getProperty("bench.layout", "rrd");
    private static final int PORTS = Integer.getInteger("bench.ports", 21_000);
    private static final int INTERVAL = Integer.getInteger("bench.interval", 1);
    private static final int SECONDS = Integer.getInteger("bench.seconds", 90);
    private static final String DIRECTORY = System.getProperty("bench.dir");
    private static final EmbeddedSeriesProperties DEFAULTS = EmbeddedSeriesProperties.defaultsIn(Path.of("unused"));
    /** The default step in seconds: a sample that crosses a multiple of it ends a step. */
    private static final int STEP = Math.toIntExact(DEFAULTS.step().getSeconds());
    private static final int DATASOURCES = RateSeries.all().size();
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    @TempDir
    Path temp;

    @Test
    void measure() throws Exception {
        Path directory = DIRECTORY == null ? temp : Files.createDirectories(Path.of(DIRECTORY).resolve(LAYOUT
                + "-" + System.currentTimeMillis()));
        DefaultArchives archives = new DefaultArchives();
        try (Arena arena = Arena.ofShared()) {
            Layout layout = switch (LAYOUT) {
                case "rrd" -> new RrdFiles(directory, archives, arena, false);
                case "rrd-pwrite" -> new RrdFiles(directory, archives, arena, true);
                case "slots" -> new Slots(directory, archives, arena);
                default -> throw new IllegalArgumentException("bench.layout: rrd, rrd-pwrite or slots, not " + LAYOUT);
            };
            long busyBefore = machineBusyMillis();
            long cpuBefore = processCpuNanos();
            long start = System.nanoTime();
            long worstLateness = 0;
            int created = 0;
            for (int second = 0; second < SECONDS; second++) {
                long due = start + second * 1_000_000_000L;
                while (System.nanoTime() < due) {
                    Thread.sleep(1);
                }
                worstLateness = Math.max(worstLateness, System.nanoTime() - due);
                for (int port = second % INTERVAL; port < PORTS; port += INTERVAL) {
                    if (second < INTERVAL) {
                        layout.create(port);
                        created++;
                        continue;
                    }
                    boolean endsStep = second / STEP > (second - INTERVAL) / STEP;
                    layout.update(port, second, endsStep ? second / STEP : -1);
                }
                if (second % 10 == 9) {
                    System.out.printf("PortFileLayoutBench: %s, %3d s: %.0f ms behind, machine busy %.1f s%n", LAYOUT,
                            second + 1, (System.nanoTime() - due) / 1e6, (machineBusyMillis() - busyBefore) / 1e3);
                }
            }
            System.out.printf("PortFileLayoutBench: %s, %d ports every %d s for %d s in %s: machine busy %.1f s"
                            + " (all CPUs), this process %.1f s, at most %.0f ms behind%n", LAYOUT, PORTS, INTERVAL,
                    SECONDS, directory, (machineBusyMillis() - busyBefore) / 1e3,
                    (processCpuNanos() - cpuBefore) / 1e9, worstLateness / 1e6);
            layout.close();
            assertThat(created).isEqualTo(PORTS);
        }
    }

    /** How the bench writes one layout. */
    private interface Layout {
        void create(int port) throws IOException;

        /** A sample at {@code second}; {@code endedStep} is the number of the 10 s step it ends, or -1. */
        void update(int port, long second, long endedStep) throws IOException;

        void close() throws IOException;
    }

    /** The default layout's archives as rrd4j files hold them (AVERAGE, and MAX next to it where kept). */
    private static final class DefaultArchives {
        final RrdLayout layout = new RrdLayout(DEFAULTS);
        final int[] rows = layout.archiveRows();
        final int[] steps = layout.archiveSteps();

        int count() {
            return rows.length;
        }

        /** The row a step that just ended completes in archive {@code archive}, or -1 when it completes none. */
        long completedRow(int archive, long endedStep) {
            return endedStep % steps[archive] == 0 ? (endedStep / steps[archive]) % rows[archive] : -1;
        }
    }

    private static final class RrdFiles implements Layout {
        private final Path directory;
        private final DefaultArchives archives;
        private final Arena arena;
        private final boolean pwrite;
        private final RrdFields fields;
        private final long size;
        private final RandomAccessAdvice advice = RandomAccessAdvice.load();
        private final MemorySegment[] mappings = new MemorySegment[PORTS];
        private final FileChannel[] channels = new FileChannel[PORTS];
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);

        RrdFiles(Path directory, DefaultArchives archives, Arena arena, boolean pwrite) {
            this.directory = directory;
            this.archives = archives;
            this.arena = arena;
            this.pwrite = pwrite;
            this.fields = new RrdFields(DATASOURCES, archives.rows);
            this.size = archives.layout.bytesPerPort();
        }

        @Override
        public void create(int port) throws IOException {
            Path node = directory.resolve("%016x".formatted(port / 4));
            if (!Files.isDirectory(node)) { // as PortFileOpener does: ports of a node come in any order
                Files.createDirectories(node);
            }
            FileChannel channel = FileChannel.open(node.resolve(port % 4 + ".rrd"), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
            channel.write(ByteBuffer.allocate(1), size - 1);
            if (pwrite) {
                channels[port] = channel;
            } else {
                mappings[port] = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
                advice.random(mappings[port]);
                channel.close();
            }
            // What rrd4j writes when it creates a file: header, datasources and the first archive's state
            // (one region), every other archive's definition and state, the long names at the end.
            write(port, 0, fields.pointer(0, DATASOURCES - 1) + 20, 1);
            for (int archive = 1; archive < archives.count(); archive++) {
                write(port, fields.xff(archive) - 40, fields.pointer(archive, DATASOURCES - 1) + 20, 1);
            }
            write(port, fields.end(), size, 1);
        }

        @Override
        public void update(int port, long second, long endedStep) throws IOException {
            write(port, fields.lastUpdateTime(), fields.nanSeconds(DATASOURCES - 1) + 8, second);
            if (endedStep < 0) {
                return;
            }
            for (int archive = 0; archive < archives.count(); archive++) {
                write(port, fields.pointer(archive, 0), fields.pointer(archive, DATASOURCES - 1) + 20, second);
                long row = archives.completedRow(archive, endedStep);
                if (row >= 0) {
                    write(port, fields.value(archive, (int) row, 0), fields.value(archive, (int) row, DATASOURCES - 1)
                            + 8, second);
                }
            }
        }

        private void write(int port, long from, long to, long value) throws IOException {
            if (pwrite) {
                buffer.clear();
                for (long offset = from; offset + 8 <= to; offset += 8) {
                    buffer.putLong(value + offset);
                }
                buffer.flip();
                channels[port].write(buffer, from);
            } else {
                fill(mappings[port], from, to - from, value);
            }
        }

        @Override
        public void close() throws IOException {
            for (FileChannel channel : channels) {
                if (channel != null) {
                    channel.close();
                }
            }
        }
    }

    private static final class Slots implements Layout {
        private static final int GROUP = 4096;
        private static final int SLOT = 4096;
        private static final int ARCHIVE_STATE = 20 * DATASOURCES;
        private static final int ROW = 8 * DATASOURCES;
        private final Path directory;
        private final DefaultArchives archives;
        private final Arena arena;
        private final RandomAccessAdvice advice = RandomAccessAdvice.load();
        private final MemorySegment[] states;
        private final MemorySegment[][] rows;

        Slots(Path directory, DefaultArchives archives, Arena arena) {
            this.directory = directory;
            this.archives = archives;
            this.arena = arena;
            int groups = (PORTS + GROUP - 1) / GROUP;
            this.states = new MemorySegment[groups];
            this.rows = new MemorySegment[groups][archives.count()];
            assertThat(24 * DATASOURCES + archives.count() * ARCHIVE_STATE).as("state per port").isLessThan(SLOT);
        }

        @Override
        public void create(int port) throws IOException {
            int group = port / GROUP;
            if (states[group] == null) {
                states[group] = map(directory.resolve("state-" + group), (long) GROUP * SLOT);
                for (int archive = 0; archive < archives.count(); archive++) {
                    rows[group][archive] = map(directory.resolve("rows-" + archive + "-" + group),
                            (long) archives.rows[archive] * GROUP * ROW);
                }
            }
            fill(states[group], (long) (port % GROUP) * SLOT, SLOT, 1);
        }

        @Override
        public void update(int port, long second, long endedStep) {
            int group = port / GROUP;
            long slot = (long) (port % GROUP) * SLOT;
            fill(states[group], slot, 24 * DATASOURCES, second);
            if (endedStep < 0) {
                return;
            }
            for (int archive = 0; archive < archives.count(); archive++) {
                fill(states[group], slot + 24L * DATASOURCES + (long) archive * ARCHIVE_STATE, ARCHIVE_STATE, second);
                long row = archives.completedRow(archive, endedStep);
                if (row >= 0) {
                    fill(rows[group][archive], (row * GROUP + port % GROUP) * ROW, ROW, second);
                }
            }
        }

        private MemorySegment map(Path file, long size) throws IOException {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.allocate(1), size - 1);
                MemorySegment mapping = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
                advice.random(mapping);
                return mapping;
            }
        }

        @Override
        public void close() {
            // the arena unmaps everything
        }
    }

    /** Writes {@code length} bytes from {@code from} as longs: what a store of that many fields dirties. */
    private static void fill(MemorySegment segment, long from, long length, long value) {
        for (long offset = 0; offset + 8 <= length; offset += 8) {
            segment.set(LONG, from + offset, value + offset);
        }
    }

    /** Busy time of all CPUs since boot (user, nice, system, irq, softirq, steal), from /proc/stat. */
    private static long machineBusyMillis() throws IOException {
        Path stat = Path.of("/proc/stat");
        if (!Files.isReadable(stat)) {
            return 0;
        }
        String[] cpu = Files.readAllLines(stat).getFirst().trim().split("\\s+");
        long ticks = 0;
        for (int field : new int[] {1, 2, 3, 6, 7, 8}) {
            ticks += Long.parseLong(cpu[field]);
        }
        return ticks * 10; // USER_HZ is 100 on Linux
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
