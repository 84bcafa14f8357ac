package io.fabricpulse.server.fabric;

import java.util.List;

/**
 * The live fabric for exporters (the Prometheus endpoint): every port with its counter totals. The
 * list is new on each call (one small record per port); the totals behind it stay live.
 */
public interface FabricExport {

    /** Every known port, in no particular order. */
    List<ExportedPort> exportedPorts();
}
