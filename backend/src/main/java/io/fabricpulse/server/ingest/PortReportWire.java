package io.fabricpulse.server.ingest;

import tools.jackson.databind.annotation.JsonDeserialize;

import java.util.Map;

/** Jackson mix-in: how {@link io.fabricpulse.model.ingest.PortReport} counters are read from the wire. */
abstract class PortReportWire {

    @JsonDeserialize(using = CountersDeserializer.class)
    abstract Map<String, Long> counters();
}
