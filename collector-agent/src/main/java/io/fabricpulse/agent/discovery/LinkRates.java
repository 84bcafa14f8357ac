package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * A port's active width and speed as ibnetdiscover names them ({@code 4xEDR}), whatever the
 * physical state: LinkWidthActive's single bit, and the speed from LinkSpeedExtActive when the
 * governing capability mask says extended speeds are valid and one is active, else from
 * LinkSpeedActive. Not read: FDR10 (a Mellanox vendor attribute ibnetdiscover asks QDR ports of some
 * Mellanox devices for; such a link shows as QDR here) and XDR (LinkSpeedExtActive2).
 */
final class LinkRates {

    private LinkRates() {
    }

    /** The active width, null when LinkWidthActive is not one known width (ibnetdiscover's {@code ??}). */
    static LinkWidth width(PortInfo port) {
        return LinkWidth.ofBit(port.linkWidthActive());
    }

    /**
     * The active speed, null when the fields name none (ibnetdiscover's {@code ???}). {@code port}
     * must carry the capability mask that governs it ({@link DiscoveredNode#portInfo}).
     */
    static LinkSpeed speed(PortInfo port) {
        boolean extendedValid = (port.capabilityMask() & PortInfo.EXTENDED_SPEEDS_SUPPORTED) != 0;
        int extended = extendedValid ? port.linkSpeedExtActive() : 0;
        int base = port.linkSpeedActive();
        if (extended == 0) {
            return switch (base) {
                case 1 -> LinkSpeed.SDR;
                case 2 -> LinkSpeed.DDR;
                case 4 -> LinkSpeed.QDR;
                default -> null;
            };
        }
        return switch (extended) {
            case 1 -> LinkSpeed.FDR;
            case 2 -> LinkSpeed.EDR;
            case 4 -> LinkSpeed.HDR;
            case 8 -> LinkSpeed.NDR;
            default -> null;
        };
    }

    /** The token ibnetdiscover writes, e.g. {@code 4xEDR}, {@code 1xSDR}, {@code ??EDR}. */
    static String text(PortInfo port) {
        LinkWidth width = width(port);
        LinkSpeed speed = speed(port);
        return (width == null ? "??" : width.label().toLowerCase()) + (speed == null ? "???" : speed.name());
    }
}
