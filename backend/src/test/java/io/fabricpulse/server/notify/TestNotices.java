package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.AlertNotice.End;
import io.fabricpulse.server.notify.AlertNotice.Kind;
import io.fabricpulse.server.notify.AlertNotice.NodeType;
import io.fabricpulse.server.notify.AlertNotice.Severity;

import java.time.Instant;
import java.util.List;

/** Notices as the alert engine would announce them, about the seeds' rac1001 behind switch port 16. */
public final class TestNotices {

    public static final Instant SINCE = Instant.parse("2026-03-01T12:00:00Z");
    public static final End HOST = new End("rac1001 HCA-1", "0x00188b9097fe8e41", 1, 4, NodeType.CA);
    public static final End SWITCH = new End("ib000.cf0", "0x0002c90200410d02", 16, 2, NodeType.SWITCH);
    public static final List<String> CHECKS = List.of("Reseat or replace the cable at ib000.cf0 port 16",
            "Check the link with mlxlink -d <device> -p 1 --show_ber", "Check the SM with sminfo",
            "Clear the counters after the fix: perfquery -R");

    private TestNotices() {
    }

    public static AlertNotice firing(String alertId) {
        return notice(Kind.FIRING, alertId, Severity.CRITICAL, "etna", SINCE);
    }

    public static AlertNotice notice(Kind kind, String alertId, Severity severity, String cluster, Instant at) {
        boolean acked = kind == Kind.ACKNOWLEDGED || kind == Kind.COMMENTED;
        return new AlertNotice(kind, alertId, "symbol-error-ber", severity, "Symbol errors above the BER limit",
                "SymbolErrorCounter", 12.5, 1.0, List.of(HOST, SWITCH), cluster, SINCE, at,
                acked ? "alice" : null, acked ? "INC-4711" : null, kind == Kind.COMMENTED ? "cable ordered" : null, CHECKS);
    }
}
