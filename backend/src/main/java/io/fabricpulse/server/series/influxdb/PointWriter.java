package io.fabricpulse.server.series.influxdb;

import com.influxdb.client.write.Point;

import java.util.List;

/** Sends points to InfluxDB over one of its write APIs. Thread-safe. */
interface PointWriter extends AutoCloseable {

    /** Writes the points or throws (a server that kept only some says so in the message). */
    void write(List<Point> points);

    @Override
    void close();
}
