package io.fabricpulse.server.notify;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pieces the channels' escaping functions are made of (each channel's format has its own function,
 * for its own markup: {@code SlackFormat.escape}, {@code TeamsFormat.escape}, {@code DiscordFormat.escape},
 * {@code GoogleChatFormat.plain}). Text reaching them carries no control characters ({@link AlertNotice}).
 */
public final class Markup {

    /** {@code @everyone}, {@code @here}, {@code @channel}, {@code @all}, {@code @group}: mentions that page people. */
    private static final Pattern MENTION = Pattern.compile("@(?=(?i:everyone|here|channel|all|group|room)\\b)");
    /** U+2060 WORD JOINER: invisible, and an {@code @} followed by it is no longer a mention. */
    private static final String WORD_JOINER = "\u2060";

    private Markup() {
    }

    /**
     * Each character of {@code from} replaced by the one at the same place in {@code to}: a look-alike that
     * the channel's markup does not act on, for markups that have no escape character.
     */
    public static String lookAlike(String text, String from, String to) {
        if (from.length() != to.length()) {
            throw new IllegalArgumentException("one replacement per character");
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            int at = from.indexOf(text.charAt(i));
            if (at >= 0) {
                if (out == null) {
                    out = new StringBuilder(text.length()).append(text, 0, i);
                }
                out.append(to.charAt(at));
            } else if (out != null) {
                out.append(text.charAt(i));
            }
        }
        return out == null ? text : out.toString();
    }

    /** Each character of {@code special} preceded by a backslash, for markups that read one as an escape. */
    public static String backslashed(String text, String special) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (special.indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Mentions that would page a whole channel ({@code @everyone}, {@code @here}, ...) made plain words. */
    public static String withoutMentions(String text) {
        Matcher mention = MENTION.matcher(text);
        return mention.find() ? mention.replaceAll("@" + WORD_JOINER) : text;
    }
}
