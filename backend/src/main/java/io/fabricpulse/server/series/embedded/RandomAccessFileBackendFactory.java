package io.fabricpulse.server.series.embedded;

import org.rrd4j.core.RrdBackend;
import org.rrd4j.core.RrdBackendAnnotation;
import org.rrd4j.core.RrdFileBackendFactory;
import org.rrd4j.core.RrdRandomAccessFileBackend;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * rrd4j's RandomAccessFile backend ({@code file-access: file}) holding doubles as {@link UnknownAsZero}
 * does, so a data directory reads the same through either backend.
 */
@RrdBackendAnnotation(name = "FABRICPULSE_FILE", shouldValidateHeader = true)
final class RandomAccessFileBackendFactory extends RrdFileBackendFactory {

    @Override
    protected RrdBackend open(String path, boolean readOnly) throws IOException {
        return new Backend(path, readOnly);
    }

    private static final class Backend extends RrdRandomAccessFileBackend {

        Backend(String path, boolean readOnly) throws IOException {
            super(path, readOnly);
        }

        @Override
        protected void writeDouble(long offset, double value) throws IOException {
            write(offset, ByteBuffer.allocate(Double.BYTES).order(BYTEORDER).putLong(0, UnknownAsZero.encode(value)).array());
        }

        @Override
        protected void writeDouble(long offset, double value, int count) throws IOException {
            writeDouble(offset, filled(value, count));
        }

        @Override
        protected void writeDouble(long offset, double[] values) throws IOException {
            ByteBuffer bytes = ByteBuffer.allocate(Double.BYTES * values.length).order(BYTEORDER);
            for (double value : values) {
                bytes.putLong(UnknownAsZero.encode(value));
            }
            write(offset, bytes.array());
        }

        @Override
        protected double readDouble(long offset) throws IOException {
            return readDouble(offset, 1)[0];
        }

        @Override
        protected double[] readDouble(long offset, int count) throws IOException {
            byte[] raw = new byte[Double.BYTES * count];
            read(offset, raw);
            ByteBuffer bytes = ByteBuffer.wrap(raw).order(BYTEORDER);
            double[] values = new double[count];
            for (int i = 0; i < count; i++) {
                values[i] = UnknownAsZero.decode(bytes.getLong());
            }
            return values;
        }

        private static double[] filled(double value, int count) {
            double[] values = new double[count];
            Arrays.fill(values, value);
            return values;
        }
    }
}
