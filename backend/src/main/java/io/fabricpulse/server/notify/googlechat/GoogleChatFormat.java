package io.fabricpulse.server.notify.googlechat;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.ChannelFormat;
import io.fabricpulse.server.notify.Markup;
import io.fabricpulse.server.notify.MessageContext;
import io.fabricpulse.server.notify.NoticeText;
import io.fabricpulse.server.notify.OutgoingMessage;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;

/**
 * Google Chat's incoming webhook: a {@code text} message in Chat's own markup ({@code *bold*},
 * {@code <url|label>}). Text rather than cardsV2 because it reads the same in notifications, on
 * phones and in email digests, and needs no app configuration.
 */
public final class GoogleChatFormat implements ChannelFormat {

    /** Chat refuses texts over 4,096 characters; the text is cut before the link, so the link always survives. */
    private static final int MAX_TEXT = 4000;

    private final JsonMapper json;

    public GoogleChatFormat(JsonMapper json) {
        this.json = json;
    }

    @Override
    public OutgoingMessage render(AlertNotice notice, MessageContext context) {
        String page = context.alertPage().toString();
        List<String> lines = NoticeText.lines(notice, page);
        StringBuilder text = new StringBuilder("*").append(plain(lines.getFirst())).append("*\n");
        for (String line : lines.subList(1, lines.size() - 1)) {
            text.append(plain(line)).append('\n');
        }
        String link = "<" + page + "|Open alert " + plain(notice.alertId()) + ">";
        String body = NoticeText.cut(text.toString(), MAX_TEXT - link.length()) + link;
        return new OutgoingMessage(json.writeValueAsBytes(Map.of("text", body)), Map.of());
    }

    /**
     * Google Chat's markup: {@code <url|text>} links and {@code <users/all>} mentions, {@code *bold*},
     * {@code _italic_}, {@code ~strike~} and {@code `code`}; it has no escape character, so each of them is a
     * look-alike in text from the fabric, and {@code @all}-style mentions are broken.
     */
    public static String plain(String text) {
        return Markup.withoutMentions(Markup.lookAlike(text, "<>*_~`", "\u2039\u203A\u2217\u02CD\u223C\u02CB"));
    }
}
