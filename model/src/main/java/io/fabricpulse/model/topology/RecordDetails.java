package io.fabricpulse.model.topology;

/**
 * What ibnetdiscover prints about a node or port beyond what the {@link Topology} model keeps. A
 * topology read from a file knows none of it and prints as the defaults say; a live discovery knows
 * it from the answers (SwitchInfo, each port's own PortInfo) and overrides them, so that its records
 * read exactly as ibnetdiscover's.
 */
public interface RecordDetails {

    /** The model alone: base port 0, LMC 0, the link's width/speed, every system image GUID. */
    RecordDetails NONE = new RecordDetails() {
    };

    /** Whether a switch's port 0 is enhanced ({@code enhanced port 0} instead of {@code base port 0}). */
    default boolean enhancedPort0(TopologyNode node) {
        return false;
    }

    /** LMC of a switch's port 0 ({@code port} 0) or of a CA's cabled port. */
    default int lmc(TopologyNode node, int port) {
        return 0;
    }

    /**
     * The width/speed token written after the far end's LID on {@code node}'s line for {@code port},
     * such as {@code 4xEDR}; null writes none. By default the link's, when it states either.
     */
    default String rate(TopologyNode node, int port, Link link) {
        if (link.width() == null && link.speed() == null) {
            return null;
        }
        return (link.width() == null ? "??" : link.width().label().toLowerCase())
                + (link.speed() == null ? "???" : link.speed().name());
    }

    /** Whether the {@code sysimgguid=} line is written (ibnetdiscover leaves it out when the GUID is 0). */
    default boolean writesSystemImageGuid(TopologyNode node) {
        return true;
    }
}
