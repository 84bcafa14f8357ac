package io.fabricpulse.agent.mad;

import java.util.List;

/**
 * How infiniband-diags prints a field's value ({@code libibmad/dump.c}); kept text-for-text so our
 * {@code perfquery}/{@code smpquery} output can be compared with the real tools byte by byte.
 */
public enum FieldFormat {
    UINT, HEX, NODE_TYPE, NOT_DISPLAYED,
    LINK_WIDTH, LINK_WIDTH_ENABLED, LINK_WIDTH_SUPPORTED,
    LINK_SPEED, LINK_SPEED_SET,
    LINK_SPEED_EXT, LINK_SPEED_EXT_SUPPORTED, LINK_SPEED_EXT_ENABLED,
    PORT_STATE, PHYS_STATE, LINK_DOWN_DEFAULT_STATE, MTU, VL_CAP, OPER_VLS,
    PORT_CAP_MASK, PORT_CAP_MASK2;

    private static final List<String> WIDTHS = List.of("1X", "4X", "8X", "12X", "2X");
    private static final List<String> SPEEDS = List.of("2.5 Gbps", "5.0 Gbps", "10.0 Gbps");
    private static final List<String> EXT_SPEEDS = List.of("14.0625 Gbps", "25.78125 Gbps", "53.125 Gbps",
            "106.25 Gbps");
    private static final List<String> PHYS_STATES = List.of("NoChange", "Sleep", "Polling", "Disabled",
            "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest");
    private static final List<String> PORT_STATES = List.of("NoChange", "Down", "Initialize", "Armed", "Active");
    private static final List<String> VLS = List.of("No change", "VL0", "VL0-1", "VL0-3", "VL0-7", "VL0-14");
    private static final List<String> MTUS = List.of("", "256", "512", "1024", "2048", "4096");
    private static final String[] CAP_MASK = {null, "IsSM", "IsNoticeSupported", "IsTrapSupported",
        "IsOptionalIPDSupported", "IsAutomaticMigrationSupported", "IsSLMappingSupported", "IsMKeyNVRAM",
        "IsPKeyNVRAM", "IsLedInfoSupported", "IsSMdisabled", "IsSystemImageGUIDsupported",
        "IsPkeySwitchExternalPortTrapSupported", null, "IsExtendedSpeedsSupported", "IsCapabilityMask2Supported",
        "IsCommunicatonManagementSupported", "IsSNMPTunnelingSupported", "IsReinitSupported",
        "IsDeviceManagementSupported", "IsVendorClassSupported", "IsDRNoticeSupported",
        "IsCapabilityMaskNoticeSupported", "IsBootManagementSupported", "IsLinkRoundTripLatencySupported",
        "IsClientRegistrationSupported", "IsOtherLocalChangesNoticeSupported",
        "IsLinkSpeedWidthPairsTableSupported", "IsVendorSpecificMadsTableSupported",
        "IsMcastPkeyTrapSuppressionSupported", "IsMulticastFDBTopSupported", "IsHierarchyInfoSupported"};
    private static final String[] CAP_MASK2 = {"IsSetNodeDescriptionSupported", "IsPortInfoExtendedSupported",
        "IsVirtualizationSupported", "IsSwitchPortStateTableSupported", "IsLinkWidth2xSupported",
        "IsLinkSpeedHDRSupported", "IsMKeyProtectBitsExtSupported", "IsEnhancedTrap128Supported",
        "IsPartitionTopSupported", "IsEnhancedQoSArbiterSupported", "IsLinkSpeedNDRSupported"};

    /** The value as the tools print it; {@code bits} is the field width (hex digits follow whole bytes). */
    public String format(long value, int bits) {
        int v = (int) value;
        return switch (this) {
            case UINT -> Long.toUnsignedString(value);
            case HEX -> "0x" + hex(value, bits);
            case NODE_TYPE -> switch (v) {
                case 1 -> "Channel Adapter";
                case 2 -> "Switch";
                case 3 -> "Router";
                default -> "?(" + v + ")?";
            };
            case NOT_DISPLAYED -> "<not displayed>";
            case LINK_WIDTH -> v >= 1 && Integer.bitCount(v) == 1 && v <= 16
                    ? WIDTHS.get(Integer.numberOfTrailingZeros(v)) : "undefined (" + v + ")";
            case LINK_WIDTH_ENABLED -> widthList(v);
            case LINK_WIDTH_SUPPORTED -> widthList(v) + (isPlainWidthSet(v) || (v >> 5) != 0 ? "" : " (IBA extension)");
            case LINK_SPEED -> switch (v) {
                case 0 -> "Extended speed";
                case 1, 2, 4 -> SPEEDS.get(Integer.numberOfTrailingZeros(v));
                default -> "undefined (" + v + ")";
            };
            case LINK_SPEED_SET -> speedList(v);
            case LINK_SPEED_EXT -> switch (v) {
                case 0 -> "No Extended Speed";
                case 1, 2, 4, 8 -> EXT_SPEEDS.get(Integer.numberOfTrailingZeros(v));
                default -> "undefined (" + v + ")";
            };
            case LINK_SPEED_EXT_SUPPORTED -> extSpeedList(v);
            case LINK_SPEED_EXT_ENABLED -> v == 30 ? "Extended link speeds disabled" : extSpeedList(v);
            case PORT_STATE -> named(PORT_STATES, v);
            case PHYS_STATE -> named(PHYS_STATES, v);
            case LINK_DOWN_DEFAULT_STATE -> v <= 2 ? PHYS_STATES.get(v) : "?(" + v + ")";
            case MTU -> v >= 1 && v <= 5 ? MTUS.get(v) : "?(" + v + ")";
            case VL_CAP -> v >= 1 && v <= 5 ? VLS.get(v) : "?(" + v + ")";
            case OPER_VLS -> named(VLS, v);
            case PORT_CAP_MASK -> bitNames(v, CAP_MASK);
            case PORT_CAP_MASK2 -> bitNames(v, CAP_MASK2);
        };
    }

    static String hex(long value, int bits) {
        int digits = ((bits + 7) / 8) * 2;
        String hex = Long.toHexString(value);
        return hex.length() >= digits ? hex : "0".repeat(digits - hex.length()) + hex;
    }

    private static String named(List<String> names, int v) {
        return v >= 0 && v < names.size() ? names.get(v) : "?(" + v + ")";
    }

    /** Width sets made only of the widths IBA 1.2 defined (1X, 4X, 8X, 12X) plus 2X are not flagged. */
    private static boolean isPlainWidthSet(int v) {
        return switch (v) {
            case 1, 3, 7, 11, 15, 17, 19, 23, 27, 31 -> true;
            default -> false;
        };
    }

    private static String widthList(int v) {
        String list = orList(v, WIDTHS);
        return v == 0 || (v >> 5) != 0 ? list + "undefined (" + v + ")" : strip(list);
    }

    private static String speedList(int v) {
        String list = orList(v, SPEEDS);
        if (v == 0 || (v >> 3) != 0) {
            list = list + "undefined (" + v + ")";
        } else {
            list = strip(list);
        }
        boolean plain = v == 1 || v == 3 || v == 5 || v == 7;
        return plain || (v >> 3) != 0 ? list : list + " (IBA extension)";
    }

    private static String extSpeedList(int v) {
        if (v == 0) {
            return "0";
        }
        String list = orList(v, EXT_SPEEDS);
        return (v >> 4) != 0 ? list + "undefined (" + v + ")" : strip(list);
    }

    private static String orList(int v, List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            if ((v & (1 << i)) != 0) {
                sb.append(names.get(i)).append(" or ");
            }
        }
        return sb.toString();
    }

    private static String strip(String orList) {
        return orList.substring(0, orList.length() - 4);
    }

    private static String bitNames(int mask, String[] names) {
        StringBuilder sb = new StringBuilder("0x").append(Integer.toHexString(mask));
        for (int bit = 0; bit < names.length; bit++) {
            if (names[bit] != null && (mask & (1 << bit)) != 0) {
                sb.append("\n\t\t\t\t").append(names[bit]);
            }
        }
        return sb.toString();
    }
}
