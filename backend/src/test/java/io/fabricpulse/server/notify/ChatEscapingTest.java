package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.AlertNotice.End;
import io.fabricpulse.server.notify.AlertNotice.Kind;
import io.fabricpulse.server.notify.AlertNotice.NodeType;
import io.fabricpulse.server.notify.AlertNotice.Severity;
import io.fabricpulse.server.notify.discord.DiscordFormat;
import io.fabricpulse.server.notify.googlechat.GoogleChatFormat;
import io.fabricpulse.server.notify.slack.SlackFormat;
import io.fabricpulse.server.notify.teams.TeamsFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each channel's escaping function against the hostile strings of issue 20's probe, as a table: what
 * each markup must not see raw. Then the whole notice, rendered by all five formats with control characters
 * in every field it has: none reaches a message.
 */
class ChatEscapingTest {

    private static final String LINK = "[x](javascript:alert(1))";

    /** Per channel: its escaping function and the raw pieces of its markup that must not survive it. */
    static Stream<Arguments> hostileStrings() {
        List<Arguments> table = new ArrayList<>();
        channel(table, "slack", SlackFormat::escape, "<!channel>", "<@U123>", "<https://evil.example|click>", "*bold*",
                "_it_", "~strike~", "`code`", LINK, "@channel", "@all", "@here");
        channel(table, "teams", TeamsFormat::escape, LINK, "**bold**", "_it_", "`code`", "# heading", "<at>x</at>",
                "@everyone");
        channel(table, "discord", DiscordFormat::escape, LINK, "**bold**", "__under__", "~~strike~~", "`code`",
                "||spoiler||", "<@123>", "<#456>", "# heading", "@everyone", "@here");
        channel(table, "google-chat", GoogleChatFormat::plain, "<users/all>", "<https://evil.example|click>", "*bold*",
                "_it_", "~strike~", "`code`", "@all");
        return table.stream();
    }

    private static void channel(List<Arguments> table, String name, UnaryOperator<String> escape, String... hostile) {
        for (String text : hostile) {
            table.add(Arguments.of(name, escape, text));
        }
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("hostileStrings")
    void markupFromTheFabricIsPlainText(String channel, UnaryOperator<String> escape, String hostile) {
        String escaped = escape.apply("node " + hostile + " rack1");
        if (channel.equals("discord")) {
            // Discord reads a backslash as "the next character, plainly": every markup character must have one.
            assertThat(escaped).as(channel).doesNotContainPattern("(?<!\\\\)[*_~`|\\[\\]<>#]")
                    .doesNotContain("@everyone").doesNotContain("@here");
        } else {
            assertThat(escaped).as(channel).doesNotContain(hostile);
        }
        assertThat(escaped).as(channel + ": the words stay").contains("node").contains("rack1");
    }

    /** Every control character the probe found reaching the formats: CR/LF, ESC, BEL, NUL, and others. */
    @Test
    void noControlCharacterFromAnyFieldReachesAnyFormat() {
        String hostile = "line\r\nFIRING · CRITICAL · forged\u001b[31m\u0007\u0000\u0085\u2028\u202etxt.exe\ttab";
        End host = new End("rac1001 " + hostile, "0x00188b9097fe8e41", 1, 4, NodeType.CA);
        End leaf = new End("ib000 " + hostile, "0x0002c90200410d02", 16, 2, NodeType.SWITCH);
        AlertNotice notice = new AlertNotice(Kind.ACKNOWLEDGED, "42", "symbol-error-ber", Severity.CRITICAL,
                "summary " + hostile, "SymbolErrorCounter", 12.5, 1.0, List.of(host, leaf), "etna",
                Instant.parse("2026-03-01T12:00:00Z"), Instant.parse("2026-03-01T12:05:00Z"), "alice " + hostile,
                "INC-1 " + hostile, "comment " + hostile, List.of("check " + hostile));
        MessageContext context = new MessageContext(MessageContext.alertPage(URI.create("https://noc.example.org"), "42"),
                "key", Instant.parse("2026-03-01T12:05:00Z"), "0123456789abcdef0123");
        for (var format : NotifyConfiguration.formats(FormatHarness.JSON).entrySet()) {
            JsonNode body = FormatHarness.JSON.readTree(format.getValue().render(notice, context).body());
            for (String text : strings(body)) {
                String outside = text.replace("\n", ""); // the formats' own line breaks
                assertThat(outside.chars().filter(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x202e))
                        .as(format.getKey() + ": " + text).isEmpty();
            }
        }
    }

    private static List<String> strings(JsonNode node) {
        List<String> found = new ArrayList<>();
        if (node.isString()) {
            found.add(node.asString());
        }
        node.forEach(child -> found.addAll(strings(child)));
        node.properties().forEach(entry -> found.add(entry.getKey()));
        return found;
    }
}
