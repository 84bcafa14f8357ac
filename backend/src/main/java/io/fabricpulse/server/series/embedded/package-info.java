/**
 * The zero-setup series store: one fixed-size rrd4j file per port, mapped through the FFM API,
 * with a bounded set of open files. docs/STORAGE.md has the layout and the bytes per port.
 */
package io.fabricpulse.server.series.embedded;
