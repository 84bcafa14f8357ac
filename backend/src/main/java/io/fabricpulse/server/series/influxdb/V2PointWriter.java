package io.fabricpulse.server.series.influxdb;

import com.influxdb.client.WriteApiBlocking;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import com.influxdb.client.write.WriteParameters;

import java.util.List;

/** {@code /api/v2/write} through the client's blocking write API: InfluxDB 1.8+, 2.x, 3.x. */
final class V2PointWriter implements PointWriter {

    private final WriteApiBlocking api;
    private final WriteParameters parameters;

    V2PointWriter(WriteApiBlocking api, String bucket, String org) {
        this.api = api;
        this.parameters = new WriteParameters(bucket, org, WritePrecision.MS, null);
    }

    @Override
    public void write(List<Point> points) {
        api.writePoints(points, parameters);
    }

    @Override
    public void close() {
        // The client that owns the connection pool is closed by the store.
    }
}
