package io.fabricpulse.server.ingest;

import tools.jackson.databind.annotation.JsonDeserialize;

/** Jackson mix-ins: the GUIDs of {@link io.fabricpulse.model.ingest.NodeReport} and its ports' peers, shared. */
final class GuidWire {

    private GuidWire() {
    }

    abstract static class Node {

        @JsonDeserialize(using = GuidDeserializer.class)
        abstract String guid();
    }

    abstract static class Peer {

        @JsonDeserialize(using = GuidDeserializer.class)
        abstract String nodeGuid();
    }
}
