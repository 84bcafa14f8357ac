package io.fabricpulse.server.notify.slack;

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
 * Slack's incoming-webhook payload in the part Mattermost and Rocket.Chat accept too: {@code text}
 * (shown in notifications and by clients without attachments) and one legacy {@code attachment} with
 * colour, title linked to the alert page and fields. Block Kit is left out on purpose: Mattermost
 * and Rocket.Chat ignore {@code blocks}, and Slack still renders attachments.
 */
public final class SlackFormat implements ChannelFormat {

    /** Slack cuts attachment text after 8,000 characters; stay well below. */
    private static final int MAX_FIELD = 2000;

    private final JsonMapper json;

    public SlackFormat(JsonMapper json) {
        this.json = json;
    }

    @Override
    public OutgoingMessage render(AlertNotice notice, MessageContext context) {
        String page = context.alertPage().toString();
        Map<String, Object> attachment = new LinkedHashMap<>();
        attachment.put("fallback", escape(NoticeText.title(notice) + " - " + NoticeText.where(notice)));
        attachment.put("color", NoticeText.hexColour(notice));
        attachment.put("title", escape(NoticeText.title(notice)));
        attachment.put("title_link", page);
        attachment.put("text", escape(NoticeText.what(notice)));
        attachment.put("fields", fields(notice, page));
        attachment.put("footer", "FabricPulse");
        attachment.put("ts", notice.at().getEpochSecond());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("text", escape(NoticeText.title(notice) + " on " + NoticeText.where(notice)));
        body.put("attachments", List.of(attachment));
        return new OutgoingMessage(json.writeValueAsBytes(body), Map.of());
    }

    private static List<Map<String, Object>> fields(AlertNotice notice, String page) {
        List<NoticeText.Field> fields = new ArrayList<>();
        fields.add(new NoticeText.Field("Where", NoticeText.where(notice), false));
        fields.addAll(NoticeText.details(notice));
        fields.add(new NoticeText.Field("Alert", page, false));
        return fields.stream().map(SlackFormat::field).toList();
    }

    private static Map<String, Object> field(NoticeText.Field field) {
        return Map.of("title", escape(field.title()), "value", escape(NoticeText.cut(field.value(), MAX_FIELD)),
                "short", field.brief());
    }

    /**
     * Slack mrkdwn, as Slack, Mattermost and Rocket.Chat read it: Slack's three control characters as
     * entities (no {@code <!channel>}, {@code <@U..>} or {@code <url|text>} from a node name); the formatting
     * characters, which mrkdwn cannot escape, and Markdown's link brackets (Mattermost and Rocket.Chat render
     * {@code [x](url)}) as look-alikes; and no mention that pages a channel ({@code @channel}, {@code @all},
     * {@code @here}).
     */
    public static String escape(String text) {
        String entities = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        return Markup.withoutMentions(Markup.lookAlike(entities, "*_~`[]", "\u2217\u02CD\u223C\u02CB\uFF3B\uFF3D"));
    }
}
