package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.AlertNotice.Kind;
import io.fabricpulse.server.notify.AlertNotice.Severity;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** The shared wording, the notice's own checks and its round trip through the outbox's JSON. */
class NoticeTextTest {

    @Test
    void numbersAreShownToThreeSignificantDigitsWithoutExponent() {
        assertThat(NoticeText.number(12.5)).isEqualTo("12.5");
        assertThat(NoticeText.number(0.00012345)).isEqualTo("0.000123");
        assertThat(NoticeText.number(1_234_567)).isEqualTo("1230000");
        assertThat(NoticeText.number(1.0)).isEqualTo("1");
        assertThat(NoticeText.number(Double.NaN)).isEqualTo("NaN");
    }

    @Test
    void aFabricWideNoticeSaysSoAndANodeNoticeWithoutCounterShowsItsSummary() {
        AlertNotice sm = new AlertNotice(Kind.FIRING, "5", "sm-masters", Severity.CRITICAL, "Two SM masters",
                null, null, null, null, null, TestNotices.SINCE, TestNotices.SINCE, null, null, null, null);

        assertThat(NoticeText.where(sm)).isEqualTo("the whole fabric");
        assertThat(NoticeText.what(sm)).isEqualTo("Two SM masters");
        assertThat(NoticeText.switchPort(sm)).isNull();
        assertThat(NoticeText.lines(sm, "https://x/alerts/5")).doesNotContain("Suggested checks:");
    }

    @Test
    void chatCardsShowTheSameDetailsInOneOrderWithTheBriefOnesFirst() {
        assertThat(NoticeText.details(TestNotices.notice(Kind.COMMENTED, "7", Severity.WARNING, "etna", TestNotices.SINCE)))
                .extracting(NoticeText.Field::title, NoticeText.Field::brief).containsExactly(
                        tuple("Switch port", true),
                        tuple("Cluster", true),
                        tuple("When", false),
                        tuple("Comment", false),
                        tuple("Suggested checks", false));
        assertThat(NoticeText.details(TestNotices.notice(Kind.FIRING, "7", Severity.WARNING, null, TestNotices.SINCE)))
                .extracting(NoticeText.Field::title).containsExactly("Switch port", "When", "Suggested checks");
    }

    @Test
    void aNoticeWithoutItsEssentialsIsRefused() {
        assertThatThrownBy(() -> new AlertNotice(Kind.FIRING, " ", "r", Severity.INFO, "s", null, null, null, null,
                null, TestNotices.SINCE, TestNotices.SINCE, null, null, null, null))
                .hasMessage("alert notice: alertId is required");
        assertThatThrownBy(() -> new AlertNotice.End("n", "0x1", 256, null, AlertNotice.NodeType.CA))
                .hasMessage("end portNumber must be 0..255, got 256");
    }

    @Test
    void aNoticeSurvivesTheOutboxsJsonUnchanged() {
        JsonMapper json = JsonMapper.builder().build();
        for (Kind kind : Kind.values()) {
            AlertNotice notice = TestNotices.notice(kind, "7", Severity.WARNING, "etna", TestNotices.SINCE.plusSeconds(5));
            assertThat(json.readValue(json.writeValueAsString(notice), AlertNotice.class)).isEqualTo(notice);
        }
    }

    @Test
    void alertPagesAreUnderThePublicUrlWithTheIdEncoded() {
        assertThat(MessageContext.alertPage(URI.create("https://noc.example.org/fabricpulse/"), "a b/c"))
                .hasToString("https://noc.example.org/fabricpulse/alerts/a%20b%2Fc");
        assertThat(MessageContext.alertPage(URI.create("http://localhost:8080"), "42"))
                .hasToString("http://localhost:8080/alerts/42");
    }

    @Test
    void everyChannelTypeHasAFormatAndEveryConfigNameResolves() {
        assertThat(NotifyConfiguration.formats(JsonMapper.builder().build())).containsOnlyKeys(ChannelType.values());
        for (String name : List.of("slack", "MATTERMOST", " rocketchat ", "teams", "google-chat", "discord", "generic")) {
            assertThat(ChannelType.named(name)).as(name).isPresent();
        }
        assertThat(Arrays.stream(ChannelType.values()).filter(ChannelType::needsSecret)).containsExactly(ChannelType.GENERIC);
        assertThat(ChannelType.named("msteams")).isEmpty();
    }
}
