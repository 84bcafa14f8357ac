package io.fabricpulse.server.notify.discord;

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
        embed.put("title", escapedCut(NoticeText.title(notice), MAX_TITLE));
        embed.put("url", context.alertPage().toString());
        embed.put("description", escapedCut(NoticeText.what(notice), MAX_FIELD));
        embed.put("color", NoticeText.colour(notice));
        embed.put("fields", fields(notice));
        embed.put("timestamp", notice.at().toString());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("content", escapedCut(NoticeText.title(notice) + " on " + NoticeText.where(notice), MAX_CONTENT));
        body.put("embeds", List.of(embed));
        body.put("allowed_mentions", Map.of("parse", List.of()));
        return new OutgoingMessage(json.writeValueAsBytes(body), Map.of());
    }

    /** One field per end (a link has two), then the details. */
    private static List<Map<String, Object>> fields(AlertNotice notice) {
        List<NoticeText.Field> fields = new ArrayList<>();
        for (int i = 0; i < notice.ends().size(); i++) {
            fields.add(new NoticeText.Field(notice.ends().size() == 1 ? "Where" : "End " + (i + 1),
                    NoticeText.end(notice.ends().get(i)), true));
        }
        fields.addAll(NoticeText.details(notice));
        return fields.stream().map(DiscordFormat::field).toList();
    }

    private static Map<String, Object> field(NoticeText.Field field) {
        return Map.of("name", escape(field.title()), "value", escapedCut(field.value(), MAX_FIELD), "inline", field.brief());
    }

    /**
     * Discord Markdown: every character that starts formatting, a masked link ({@code [x](url)}: its brackets),
     * a heading, a spoiler or a mention ({@code <@id>}, {@code <#channel>}) preceded by a backslash, which
     * Discord reads as "this character, plainly"; {@code @everyone} and {@code @here} broken as well (the
     * payload also turns every mention off).
     */
    public static String escape(String text) {
        return Markup.withoutMentions(Markup.backslashed(text, "\\*_~`|[]<>#"));
    }

    /** Escaped, then cut to {@code max} characters without splitting an escape. */
    static String escapedCut(String text, int max) {
        String escaped = escape(text);
        if (escaped.length() <= max) {
            return escaped;
        }
        String cut = escaped.substring(0, max - 1);
        int backslashes = 0;
        for (int i = cut.length() - 1; i >= 0 && cut.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return (backslashes % 2 == 1 ? cut.substring(0, cut.length() - 1) : cut) + "…";
    }
}
