package io.fabricpulse.server.notify.discord;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.MessageContext;
import io.fabricpulse.server.notify.NoticeText;
import io.fabricpulse.server.notify.OutgoingMessage;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Discord's webhook: a short {@code content} line and one embed (title linked to the alert page,
 * colour, fields). Mentions are switched off: a node named "@everyone" must not page a whole server.
 */
public final class DiscordFormat implements ChannelFormat {

    /** Discord's limits: content 2,000, embed title 256, field value 1,024 characters. */
    private static final int MAX_CONTENT = 2000;
    private static final int MAX_TITLE = 256;
    private static final int MAX_FIELD = 1024;

    private final JsonMapper json;

    public DiscordFormat(JsonMapper json) {
        this.json = json;
    }

    @Override
    public OutgoingMessage render(AlertNotice notice, MessageContext context) {
        Map<String, Object> embed = new LinkedHashMap<>();
        embed.put("title", NoticeText.cut(NoticeText.title(notice), MAX_TITLE));
        embed.put("url", context.alertPage().toString());
        embed.put("description", NoticeText.cut(NoticeText.what(notice), MAX_FIELD));
        embed.put("color", NoticeText.colour(notice));
        embed.put("fields", fields(notice));
        embed.put("timestamp", notice.at().toString());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("content", NoticeText.cut(NoticeText.title(notice) + " on " + NoticeText.where(notice), MAX_CONTENT));
        body.put("embeds", List.of(embed));
        body.put("allowed_mentions", Map.of("parse", List.of()));
        return new OutgoingMessage(json.writeValueAsBytes(body), Map.of());
    }

    private static List<Map<String, Object>> fields(AlertNotice notice) {
        List<Map<String, Object>> fields = new ArrayList<>();
        for (int i = 0; i < notice.ends().size(); i++) {
            fields.add(field(notice.ends().size() == 1 ? "Where" : "End " + (i + 1),
                    NoticeText.end(notice.ends().get(i)), true));
        }
        String switchPort = NoticeText.switchPort(notice);
        if (switchPort != null) {
            fields.add(field("Switch port", switchPort, true));
        }
        if (notice.cluster() != null) {
            fields.add(field("Cluster", notice.cluster(), true));
        }
        fields.add(field("When", NoticeText.status(notice), false));
        if (NoticeText.comment(notice) != null) {
            fields.add(field("Comment", NoticeText.comment(notice), false));
        }
        if (!notice.suggestedChecks().isEmpty()) {
            fields.add(field("Suggested checks",
                    notice.suggestedChecks().stream().map(check -> "• " + check).collect(Collectors.joining("\n")), false));
        }
        return fields;
    }

    private static Map<String, Object> field(String name, String value, boolean inline) {
        return Map.of("name", name, "value", NoticeText.cut(value, MAX_FIELD), "inline", inline);
    }
}
