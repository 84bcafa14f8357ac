package io.fabricpulse.server.series.embedded;

import org.rrd4j.core.ByteBufferBackend;
import org.rrd4j.core.RrdBackend;
import org.rrd4j.core.RrdBackendAnnotation;
import org.rrd4j.core.RrdBackendFactory;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.RrdDef;
import org.rrd4j.core.RrdFileBackend;
import org.rrd4j.core.RrdFileBackendFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * rrd4j files mapped into memory through the FFM API. rrd4j's own NIO backend is as fast but unmaps
 * through {@code sun.misc.Unsafe::invokeCleaner}, which Java 25 warns about and will remove; its
 * RandomAccessFile backend avoids that at a system call per field (about 10x slower per update, see
 * docs/PERFORMANCE.md). Here a shared FFM arena owns the mapping ({@link MappedFile}), so closing the file unmaps it
 * deterministically, and the channel is closed as soon as the mapping exists: an open port file
 * holds address space, not a file descriptor.
 *
 * <p>Dirty pages reach the disk through the kernel's normal write-back, as with the
 * RandomAccessFile backend: a crash of the JVM loses nothing, a crash of the machine may lose the
 * last seconds.
 */
@RrdBackendAnnotation(name = "FABRICPULSE_MAPPED", shouldValidateHeader = true)
final class MappedFileBackendFactory extends RrdFileBackendFactory {

    private final RandomAccessAdvice advice = RandomAccessAdvice.load();

    @Override
    protected RrdBackend open(String path, boolean readOnly) throws IOException {
        return new MappedFileBackend(path, readOnly, advice);
    }

    /**
     * Creates the file {@code def} defines through {@code backend}, and tells a backend of this factory when
     * rrd4j is done creating it ({@link Creating}).
     */
    static RrdDb create(RrdDef def, RrdBackendFactory backend) throws IOException {
        RrdDb db = RrdDb.getBuilder().setRrdDef(def).setBackendFactory(backend).build();
        if (db.getRrdBackend() instanceof Creating creating) {
            creating.created();
        }
        return db;
    }

    /** A backend that treats the file differently while rrd4j creates it; told when that is over. */
    interface Creating {
        void created();
    }

    /** A backend whose mapping can outlive it. */
    interface Mapped {
        /** The writable mapping of the whole file; empty when the file is mapped read-only or not at all. */
        Optional<MappedFile> writableMapping();

        /** Hands the mapping over to the caller, who closes it: closing the backend no longer unmaps it. */
        void detachMapping();
    }

    private static final class MappedFileBackend extends ByteBufferBackend implements RrdFileBackend, Creating, Mapped {

        private final Path file;
        private final boolean readOnly;
        private final RandomAccessAdvice advice;
        private MappedFile mapping;
        private long length;
        /** The mapping, for the doubles this backend encodes itself ({@link UnknownAsZero}). */
        private ByteBuffer doubles;
        /** From {@link #setLength} (rrd4j creating the file) until {@link #created()}. */
        private boolean creating;

        MappedFileBackend(String path, boolean readOnly, RandomAccessAdvice advice) throws IOException {
            super(path);
            this.file = Path.of(path);
            this.readOnly = readOnly;
            this.advice = advice;
            try (FileChannel channel = channel()) {
                map(channel, channel.size());
            }
        }

        private FileChannel channel() throws IOException {
            return readOnly
                    ? FileChannel.open(file, StandardOpenOption.READ)
                    : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.CREATE);
        }

        /** An empty file (a new one, before rrd4j sizes it) is not mapped yet. */
        private void map(FileChannel channel, long size) throws IOException {
            length = size;
            if (size == 0) {
                return;
            }
            MappedFile file = MappedFile.map(channel, readOnly, size, advice);
            ByteBuffer buffer = file.segment().asByteBuffer().order(BYTEORDER);
            setByteBuffer(buffer);
            doubles = buffer;
            mapping = file;
        }

        private void unmap() {
            doubles = null;
            if (mapping != null) {
                mapping.close();
                mapping = null;
            }
        }

        /** Called once, right after rrd4j creates a file, with the file's final size. */
        @Override
        protected synchronized void setLength(long newLength) throws IOException {
            unmap();
            try (FileChannel channel = channel()) {
                channel.truncate(newLength);
                if (channel.size() < newLength) {
                    // Extending by writing the last byte leaves the rest sparse; rrd4j's fill with unknown
                    // then writes nothing (UnknownAsZero), so only rows written later take disk space.
                    channel.write(ByteBuffer.allocate(1), newLength - 1);
                }
                map(channel, newLength);
            }
            creating = true;
        }

        @Override
        public void created() {
            creating = false;
        }

        @Override
        public synchronized Optional<MappedFile> writableMapping() {
            return readOnly ? Optional.empty() : Optional.ofNullable(mapping);
        }

        @Override
        public synchronized void detachMapping() {
            doubles = null;
            mapping = null;
        }

        /**
         * While rrd4j creates the file, a double stored as zero bytes is not written: the file was just
         * extended sparse, so it holds zeros already, and rrd4j's fill of every row with unknown
         * ({@link UnknownAsZero}) then touches no page at all. Not even read: reading a hole of a mapped
         * file allocates a zeroed page, which for 20,000 new ports is 26 GB of page cache.
         */
        @Override
        protected void writeDouble(long offset, double value) {
            long stored = UnknownAsZero.encode(value);
            if (stored != 0 || !creating) {
                doubles.putLong(Math.toIntExact(offset), stored);
            }
        }

        /**
         * A string as rrd4j lays it out (UTF-16, big-endian, padded with spaces to {@code length}
         * characters), put in one bulk copy: rrd4j's own goes character by character through a char
         * view of the mapping, which was a third of the time it takes to create a file.
         */
        @Override
        protected void writeString(long offset, String value, int length) {
            ByteBuffer chars = ByteBuffer.allocate(2 * length).order(BYTEORDER);
            for (int i = 0; i < length; i++) {
                chars.putChar(i < value.length() ? value.charAt(i) : ' ');
            }
            doubles.put(Math.toIntExact(offset), chars.array());
        }

        @Override
        protected void writeDouble(long offset, double value, int count) {
            if (creating && UnknownAsZero.encode(value) == 0) {
                return; // rrd4j's fill of a whole archive with unknown, on a file that holds zeros already
            }
            for (int i = 0; i < count; i++) {
                writeDouble(offset + 8L * i, value);
            }
        }

        @Override
        protected void writeDouble(long offset, double[] values) {
            for (int i = 0; i < values.length; i++) {
                writeDouble(offset + 8L * i, values[i]);
            }
        }

        @Override
        public double readDouble(long offset) {
            return UnknownAsZero.decode(doubles.getLong(Math.toIntExact(offset)));
        }

        @Override
        public double[] readDouble(long offset, int count) {
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                values[i] = readDouble(offset + 8L * i);
            }
            return values;
        }

        @Override
        public synchronized long getLength() {
            return length;
        }

        @Override
        public String getCanonicalPath() {
            return file.toAbsolutePath().normalize().toString();
        }

        @Override
        protected synchronized void close() throws IOException {
            try {
                unmap();
            } finally {
                super.close();
            }
        }
    }
}
