package io.fabricpulse.server.web;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Node names short enough for a map label or a table cell read from across a room; every place that shortens
 * a name shows the full one on hover. Names from the node-name map are usually short already and stay as they are.
 */
public final class ShortNames {

    private static final Pattern VENDOR_NAME = Pattern.compile(";([^:;]+):");
    private static final Pattern HCA_SUFFIX = Pattern.compile("^(\\S+)\\s+(HCA|mlx\\d|hfi\\d|qib\\d).*",
            Pattern.CASE_INSENSITIVE);

    private ShortNames() {
    }

    /**
     * A vendor description's name between ';' and ':' ("MF0;leaf01:SB7800/U1" is "leaf01"), a host's name without
     * its HCA ("rac1001 HCA-1" is "rac1001"), else the name.
     */
    public static String of(String name) {
        Matcher vendor = VENDOR_NAME.matcher(name);
        if (vendor.find()) {
            return vendor.group(1);
        }
        Matcher hca = HCA_SUFFIX.matcher(name);
        return hca.matches() ? hca.group(1) : name;
    }
}
