/**
 * The zero-setup series store: every port's rates in a fixed-size slot of a group of ports, in files mapped
 * for the store's life, in a format of our own with rrd4j's consolidation arithmetic (rrd4j itself is only in
 * the tests, as the oracle the arithmetic is held to). docs/STORAGE.md is the one page that explains it.
 */
package io.fabricpulse.server.series.embedded;
