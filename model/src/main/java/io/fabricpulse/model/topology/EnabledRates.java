package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

/**
 * ibsim's per-port "enabled" masks: {@code w=} (PortInfo.LinkWidthEnabled bits: 1 1X, 2 4X, 4 8X,
 * 8 12X, 16 2X), {@code s=} (LinkSpeedEnabled: 1 SDR, 2 DDR, 4 QDR) and {@code e=}
 * (LinkSpeedExtEnabled: 1 FDR, 2 EDR, 4 HDR). ibsim brings a link up at the highest width and speed
 * both ends enable; a file that states no active rate in its comments gets its rate this way.
 * A null mask is "not set here".
 */
record EnabledRates(Integer width, Integer speed, Integer extSpeed) {

    static final EnabledRates NONE = new EnabledRates(null, null, null);

    /** ibsim's masks when nothing sets them: 4X, SDR, no extended speed. */
    static final EnabledRates IBSIM_DEFAULTS = new EnabledRates(2, 1, 0);

    private static final LinkWidth[] WIDTHS_BEST_FIRST = {LinkWidth.X12, LinkWidth.X8, LinkWidth.X4, LinkWidth.X2, LinkWidth.X1};
    private static final LinkSpeed[] EXT_SPEEDS_BEST_FIRST = {LinkSpeed.HDR, LinkSpeed.EDR, LinkSpeed.FDR};
    private static final int[] EXT_SPEED_BITS = {4, 2, 1};
    private static final LinkSpeed[] SPEEDS_BEST_FIRST = {LinkSpeed.QDR, LinkSpeed.DDR, LinkSpeed.SDR};
    private static final int[] SPEED_BITS = {4, 2, 1};

    boolean isEmpty() {
        return width == null && speed == null && extSpeed == null;
    }

    /** These masks, each unset one taken from {@code fallback}. */
    EnabledRates over(EnabledRates fallback) {
        return new EnabledRates(width != null ? width : fallback.width, speed != null ? speed : fallback.speed,
                extSpeed != null ? extSpeed : fallback.extSpeed);
    }

    EnabledRates withWidth(int mask) {
        return new EnabledRates(mask, speed, extSpeed);
    }

    EnabledRates withSpeed(int mask) {
        return new EnabledRates(width, mask, extSpeed);
    }

    EnabledRates withExtSpeed(int mask) {
        return new EnabledRates(width, speed, mask);
    }

    /** The width a link comes up with between two ports with complete masks, or null when they share none. */
    static LinkWidth activeWidth(EnabledRates one, EnabledRates other) {
        int common = one.width & other.width;
        for (LinkWidth width : WIDTHS_BEST_FIRST) {
            if ((common & width.bit()) != 0) {
                return width;
            }
        }
        return null;
    }

    /** The speed a link comes up with: the best common extended speed, else the best common speed; null when none. */
    static LinkSpeed activeSpeed(EnabledRates one, EnabledRates other) {
        int commonExt = one.extSpeed & other.extSpeed;
        for (int i = 0; i < EXT_SPEED_BITS.length; i++) {
            if ((commonExt & EXT_SPEED_BITS[i]) != 0) {
                return EXT_SPEEDS_BEST_FIRST[i];
            }
        }
        int common = one.speed & other.speed;
        for (int i = 0; i < SPEED_BITS.length; i++) {
            if ((common & SPEED_BITS[i]) != 0) {
                return SPEEDS_BEST_FIRST[i];
            }
        }
        return null;
    }
}
