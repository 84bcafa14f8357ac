package io.fabricpulse.server.series.embedded;

import org.rrd4j.core.RrdBackend;
import org.rrd4j.core.RrdBackendAnnotation;
import org.rrd4j.core.RrdFileBackendFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * rrd4j's access to the ports of a slot store: a port's "file" is its slot seen as an rrd4j file
 * ({@link SlotImage}), named {@code <store>/slot/<n>}. rrd4j reads ports through it for charts and
 * worst-port queries, and creates new ports through it; updates do not go through rrd4j
 * ({@link RrdUpdate}).
 */
@RrdBackendAnnotation(name = "FABRICPULSE_SLOTS", shouldValidateHeader = true)
final class SlotBackendFactory extends RrdFileBackendFactory {

    /** Finds the view of a slot by number; empty when there is no such slot. */
    interface Slots {
        Optional<SlotImage.View> view(int slot);

        long length();
    }

    private final Path root;
    private final Slots slots;

    SlotBackendFactory(Path directory, Slots slots) {
        this.root = directory.resolve("slot");
        this.slots = slots;
    }

    /** The name rrd4j knows slot {@code slot} by. */
    String pathOf(int slot) {
        return root.resolve(Integer.toString(slot)).toString();
    }

    /** A slot's name is no file: rrd4j's file factory would resolve it on the disk. */
    @Override
    public URI getCanonicalUri(URI uri) {
        return uri;
    }

    @Override
    protected boolean exists(String path) {
        OptionalInt slot = slotOf(path);
        return slot.isPresent() && slots.view(slot.getAsInt()).isPresent();
    }

    @Override
    protected RrdBackend open(String path, boolean readOnly) throws IOException {
        OptionalInt slot = slotOf(path);
        if (slot.isEmpty()) {
            throw new IOException(path + " names no slot of this store");
        }
        SlotImage.View view = slots.view(slot.getAsInt())
                .orElseThrow(() -> new IOException(path + ": there is no slot " + slot.getAsInt()));
        return new SlotBackend(path, view, slots.length(), readOnly);
    }

    private OptionalInt slotOf(String path) {
        Path named = Path.of(path);
        if (!root.equals(named.getParent())) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(named.getFileName().toString()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** One slot as rrd4j's backend: reads translated by the view, writes only while rrd4j creates the port. */
    private static final class SlotBackend extends RrdBackend {

        private final SlotImage.View view;
        private final long length;
        private final boolean readOnly;

        SlotBackend(String path, SlotImage.View view, long length, boolean readOnly) {
            super(path);
            this.view = view;
            this.length = length;
            this.readOnly = readOnly;
        }

        @Override
        protected void read(long offset, byte[] bytes) throws IOException {
            view.read(offset, bytes);
        }

        @Override
        protected void write(long offset, byte[] bytes) throws IOException {
            if (readOnly) {
                throw new IOException(getPath() + " is open read-only");
            }
            view.writeWhileCreating(offset, bytes);
        }

        @Override
        protected void writeDouble(long offset, double value) throws IOException {
            write(offset, longBytes(UnknownAsZero.encode(value)));
        }

        /** rrd4j's fill of a whole archive with unknown: rows a new slot has as zero bytes already. */
        @Override
        protected void writeDouble(long offset, double value, int count) throws IOException {
            if (UnknownAsZero.encode(value) == 0 && view.onlyRows(offset, 8L * count)) {
                if (readOnly) {
                    throw new IOException(getPath() + " is open read-only");
                }
                return;
            }
            for (int i = 0; i < count; i++) {
                writeDouble(offset + 8L * i, value);
            }
        }

        @Override
        protected void writeDouble(long offset, double[] values) throws IOException {
            for (int i = 0; i < values.length; i++) {
                writeDouble(offset + 8L * i, values[i]);
            }
        }

        @Override
        protected double readDouble(long offset) throws IOException {
            byte[] bytes = new byte[8];
            view.read(offset, bytes);
            return UnknownAsZero.decode(ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN).getLong());
        }

        @Override
        protected double[] readDouble(long offset, int count) throws IOException {
            byte[] bytes = new byte[8 * count];
            view.read(offset, bytes);
            ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                values[i] = UnknownAsZero.decode(buffer.getLong());
            }
            return values;
        }

        private static byte[] longBytes(long value) {
            return ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putLong(value).array();
        }

        @Override
        public long getLength() {
            return length;
        }

        @Override
        protected void setLength(long newLength) throws IOException {
            if (newLength != length) {
                throw new IOException(getPath() + ": rrd4j sizes the port at " + newLength + " bytes, the store's"
                        + " layout at " + length + ": a definition of another layout");
            }
        }

        @Override
        protected void close() {
            // the group's mappings belong to the store
        }
    }
}
