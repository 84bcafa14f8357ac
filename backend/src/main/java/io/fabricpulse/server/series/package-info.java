/**
 * The history of port rates: the {@link io.fabricpulse.server.series.SeriesStore} SPI, its records
 * and the configuration that picks a store by {@code fabricpulse.series.type}. Stores live in
 * {@code embedded} (round-robin slots, the default) and {@code influxdb}; every store passes the same
 * contract test suite. docs/STORAGE.md explains the time semantics, sizes and trade-offs.
 */
package io.fabricpulse.server.series;
