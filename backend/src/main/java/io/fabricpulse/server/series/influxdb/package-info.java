/**
 * The InfluxDB series store: points through the client's Point API over {@code /api/v2/write} (1.8+,
 * 2.x, 3.x) or {@code /write} (1.x), reads in InfluxQL through the client's InfluxQL API.
 */
package io.fabricpulse.server.series.influxdb;
