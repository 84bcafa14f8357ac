package io.fabricpulse.server.notify.teams;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.Markup;
import io.fabricpulse.server.notify.MessageContext;
import io.fabricpulse.server.notify.NoticeText;
import io.fabricpulse.server.notify.OutgoingMessage;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Microsoft Teams through a Workflows ("Post to a channel when a webhook request is received")
 * webhook: a {@code message} whose one attachment is an Adaptive Card. The old Office 365
 * connectors' MessageCard is retired, so only the Adaptive Card is sent.
 */
public final class TeamsFormat implements ChannelFormat {

    static final String ADAPTIVE_CARD = "application/vnd.microsoft.card.adaptive";
    /** 1.4 is what Teams renders on every client (desktop, web, mobile). */
    private static final String CARD_VERSION = "1.4";

    private final JsonMapper json;

    public TeamsFormat(JsonMapper json) {
        this.json = json;
    }

    @Override
    public OutgoingMessage render(AlertNotice notice, MessageContext context) {
        List<Map<String, Object>> body = new ArrayList<>();
        body.add(Map.of("type", "TextBlock", "text", escape(NoticeText.title(notice)), "weight", "Bolder", "size", "Medium",
                "wrap", true, "color", notice.kind() == AlertNotice.Kind.FIRING ? "Attention" : "Good"));
        body.add(Map.of("type", "FactSet", "facts", facts(notice)));
        if (!notice.suggestedChecks().isEmpty()) {
            body.add(Map.of("type", "TextBlock", "text", "Suggested checks", "weight", "Bolder", "wrap", true));
            StringBuilder list = new StringBuilder();
            notice.suggestedChecks().forEach(check -> list.append("- ").append(escape(check)).append('\n'));
            body.add(Map.of("type", "TextBlock", "text", list.toString().strip(), "wrap", true));
        }
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("$schema", "http://adaptivecards.io/schemas/adaptive-card.json");
        card.put("type", "AdaptiveCard");
        card.put("version", CARD_VERSION);
        card.put("body", body);
        card.put("actions", List.of(Map.of("type", "Action.OpenUrl", "title", "Open alert",
                "url", context.alertPage().toString())));
        Map<String, Object> attachment = new LinkedHashMap<>();
        attachment.put("contentType", ADAPTIVE_CARD);
        attachment.put("contentUrl", null);
        attachment.put("content", card);
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("type", "message");
        message.put("attachments", List.of(attachment));
        return new OutgoingMessage(json.writeValueAsBytes(message), Map.of());
    }

    private static List<Map<String, String>> facts(AlertNotice notice) {
        List<Map<String, String>> facts = new ArrayList<>();
        facts.add(fact("What", NoticeText.what(notice)));
        for (int i = 0; i < notice.ends().size(); i++) {
            facts.add(fact(notice.ends().size() == 1 ? "Where" : "End " + (i + 1), NoticeText.end(notice.ends().get(i))));
        }
        String switchPort = NoticeText.switchPort(notice);
        if (switchPort != null) {
            facts.add(fact("Switch port", switchPort));
        }
        if (notice.cluster() != null) {
            facts.add(fact("Cluster", notice.cluster()));
        }
        facts.add(fact("When", NoticeText.status(notice)));
        if (NoticeText.jobs(notice) != null) {
            facts.add(fact("Jobs affected", NoticeText.jobs(notice)));
        }
        if (NoticeText.comment(notice) != null) {
            facts.add(fact("Comment", NoticeText.comment(notice)));
        }
        return facts;
    }

    private static Map<String, String> fact(String title, String value) {
        return Map.of("title", escape(title), "value", escape(value));
    }

    /**
     * Adaptive Card text, which Teams renders as a subset of Markdown (bold, italic, lists, links
     * {@code [x](url)}): the characters that start any of it as look-alikes, and no mention of a whole
     * channel. Adaptive Cards have no escape character that every Teams client honours.
     */
    public static String escape(String text) {
        return Markup.withoutMentions(Markup.lookAlike(text, "*_~`[]#<>",
                "\u2217\u02CD\u223C\u02CB\uFF3B\uFF3D\uFF03\u2039\u203A"));
    }
}
