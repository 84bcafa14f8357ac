package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.AlertNotice.End;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The words every channel uses for a notice, so Slack, Teams, Google Chat and Discord say the same
 * thing and differ only in markup. Plain text: each format escapes it for its own markup.
 */
public final class NoticeText {

    private NoticeText() {
    }

    /** {@code FIRING · CRITICAL · symbol-error-ber: Symbol errors above the BER limit}. */
    public static String title(AlertNotice notice) {
        return notice.kind() + " · " + notice.severity() + " · " + notice.rule() + ": " + notice.summary();
    }

    /** What: the counter and its rate against the limit, or the summary when the rule is not about a rate. */
    public static String what(AlertNotice notice) {
        if (notice.counter() == null) {
            return notice.summary();
        }
        StringBuilder what = new StringBuilder(notice.counter());
        if (notice.rate() != null) {
            what.append(" at ").append(number(notice.rate())).append("/s");
        }
        if (notice.threshold() != null) {
            what.append(" (threshold ").append(number(notice.threshold())).append("/s)");
        }
        return what.toString();
    }

    /** One end: {@code rac1001 HCA-1 (CA 0x00188b9097fe8e41) port 1, LID 4}. */
    public static String end(End end) {
        return end.nodeName() + " (" + (end.nodeType() == null ? "" : end.nodeType() + " ") + end.nodeGuid()
                + ") port " + end.portNumber()
                + (end.lid() == null ? "" : ", LID " + end.lid());
    }

    /** Where: both ends of the link, then the cluster. */
    public static String where(AlertNotice notice) {
        String ends = notice.ends().isEmpty() ? "the whole fabric"
                : notice.ends().stream().map(NoticeText::end).collect(Collectors.joining(" ↔ "));
        return notice.cluster() == null ? ends : ends + "; cluster " + notice.cluster();
    }

    /** The switch port of a link, which is where a cable is reseated: {@code ib000.cf0 port 16}; null when no switch end. */
    public static String switchPort(AlertNotice notice) {
        return notice.ends().stream().filter(end -> end.nodeType() == AlertNotice.NodeType.SWITCH).findFirst()
                .map(end -> end.nodeName() + " port " + end.portNumber()).orElse(null);
    }

    /** Since when, and what happened to the alert since (acknowledged by whom, with which ticket). */
    public static String status(AlertNotice notice) {
        String since = "since " + notice.since();
        return switch (notice.kind()) {
            case FIRING -> "firing " + since;
            case ACKNOWLEDGED -> "acknowledged by " + (notice.ackBy() == null ? "someone" : notice.ackBy())
                    + (notice.ticket() == null ? "" : ", ticket " + notice.ticket()) + " at " + notice.at()
                    + "; firing " + since;
            case RESOLVED -> "resolved at " + notice.at() + "; was firing " + since;
            case COMMENTED -> "comment" + (notice.ackBy() == null ? "" : " by " + notice.ackBy()) + " at "
                    + notice.at() + "; firing " + since;
        };
    }

    /** The comment given with the event (a COMMENTED event, or one given with an acknowledgement); null when none. */
    public static String comment(AlertNotice notice) {
        return notice.comment() == null || notice.comment().isBlank() ? null : notice.comment();
    }

    /** Jobs named in a message at most; the rest are counted. */
    static final int JOBS_NAMED = 10;

    /**
     * The jobs the alert hurts: {@code 4711 "cfd-run" (alice), 2 node pairs over the link; ...}, the first ten and
     * how many more; null when none. Names are users' text: each format escapes this line for its markup.
     */
    public static String jobs(AlertNotice notice) {
        if (notice.jobs().isEmpty()) {
            return null;
        }
        String named = notice.jobs().stream().limit(JOBS_NAMED).map(job -> job.id()
                        + (job.name() == null ? "" : " \"" + job.name() + "\"")
                        + (job.user() == null ? "" : " (" + job.user() + ")")
                        + (job.pairs() > 0 ? ", " + job.pairs() + " node pairs over the link" : ", on an end"))
                .collect(Collectors.joining("; "));
        int more = notice.jobs().size() - JOBS_NAMED;
        return more > 0 ? named + "; and " + more + " more" : named;
    }

    /** One titled value of a chat message's field list; {@code brief} ones may stand side by side. */
    public record Field(String title, String value, boolean brief) {
    }

    /**
     * The fields chat cards (Slack, Discord) show after where the alert is: switch port and cluster
     * (brief), when, the comment and the suggested checks as bullets, each where it applies.
     */
    public static List<Field> details(AlertNotice notice) {
        List<Field> fields = new ArrayList<>();
        String switchPort = switchPort(notice);
        if (switchPort != null) {
            fields.add(new Field("Switch port", switchPort, true));
        }
        if (notice.cluster() != null) {
            fields.add(new Field("Cluster", notice.cluster(), true));
        }
        fields.add(new Field("When", status(notice), false));
        if (jobs(notice) != null) {
            fields.add(new Field("Jobs affected", jobs(notice), false));
        }
        if (comment(notice) != null) {
            fields.add(new Field("Comment", comment(notice), false));
        }
        if (!notice.suggestedChecks().isEmpty()) {
            fields.add(new Field("Suggested checks",
                    notice.suggestedChecks().stream().map(check -> "• " + check).collect(Collectors.joining("\n")), false));
        }
        return fields;
    }

    /** The whole notice as lines of plain text, for channels (and fallbacks) without structure. */
    public static List<String> lines(AlertNotice notice, String alertPage) {
        List<String> lines = new ArrayList<>();
        lines.add(title(notice));
        lines.add("What: " + what(notice));
        lines.add("Where: " + where(notice));
        String switchPort = switchPort(notice);
        if (switchPort != null) {
            lines.add("Switch port: " + switchPort);
        }
        lines.add("When: " + status(notice));
        if (jobs(notice) != null) {
            lines.add("Jobs affected: " + jobs(notice));
        }
        if (comment(notice) != null) {
            lines.add("Comment: " + comment(notice));
        }
        if (!notice.suggestedChecks().isEmpty()) {
            lines.add("Suggested checks:");
            notice.suggestedChecks().forEach(check -> lines.add("- " + check));
        }
        lines.add("Alert: " + alertPage);
        return lines;
    }

    /** A rate or limit to three significant digits, without exponent: 0.00125, 12.5, 1250000. */
    public static String number(double value) {
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** Colour by what happened: resolved green, acknowledged blue, firing by severity. */
    public static int colour(AlertNotice notice) {
        return switch (notice.kind()) {
            case RESOLVED -> 0x2EB67D;
            case ACKNOWLEDGED, COMMENTED -> 0x1F6FEB;
            case FIRING -> switch (notice.severity()) {
                case CRITICAL -> 0xD0021B;
                case WARNING -> 0xF5A623;
                case INFO -> 0x808080;
            };
        };
    }

    /** {@link #colour} as {@code #rrggbb}. */
    public static String hexColour(AlertNotice notice) {
        return String.format(Locale.ROOT, "#%06x", colour(notice));
    }

    /** Text cut to {@code max} characters (channels refuse longer fields), marked with an ellipsis. */
    public static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
