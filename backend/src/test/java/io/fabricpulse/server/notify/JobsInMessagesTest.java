package io.fabricpulse.server.notify;

import io.fabricpulse.server.notify.discord.DiscordFormat;
import io.fabricpulse.server.notify.generic.GenericWebhookFormat;
import io.fabricpulse.server.notify.googlechat.GoogleChatFormat;
import io.fabricpulse.server.notify.slack.SlackFormat;
import io.fabricpulse.server.notify.teams.TeamsFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A firing names the jobs it hurts in every channel, each channel's way: their names are users' text, so
 * a name with markup reaches Slack escaped and the others as text in their JSON, never as markup of ours.
 */
class JobsInMessagesTest {

    private static final String HOSTILE = "<script>alert(1)</script> & <!channel>";
    private final FormatHarness harness = new FormatHarness();

    @AfterEach
    void close() {
        harness.close();
    }

    private static AlertNotice withJobs(int count) {
        AlertNotice base = TestNotices.firing("42");
        List<AlertNotice.Job> jobs = new ArrayList<>(List.of(new AlertNotice.Job("4711", HOSTILE, "alice", 2),
                new AlertNotice.Job("4712", "train", "bob", 0)));
        for (int i = 2; i < count; i++) {
            jobs.add(new AlertNotice.Job(Integer.toString(5000 + i), "j" + i, "carol", 1));
        }
        return new AlertNotice(base.kind(), base.alertId(), base.rule(), base.severity(), base.summary(), base.counter(),
                base.rate(), base.threshold(), base.ends(), base.cluster(), base.since(), base.at(), base.ackBy(),
                base.ticket(), base.comment(), base.suggestedChecks(), jobs);
    }

    @Test
    void theJobsLineNamesEachJobItsUserAndWhyAndCountsTheRest() {
        assertThat(NoticeText.jobs(withJobs(2))).isEqualTo("4711 \"" + HOSTILE + "\" (alice), 2 node pairs over the link; "
                + "4712 \"train\" (bob), on an end");
        assertThat(NoticeText.jobs(withJobs(14))).endsWith("; and 4 more");
        assertThat(NoticeText.jobs(TestNotices.firing("42"))).isNull();
        assertThat(NoticeText.lines(withJobs(2), "https://x/alerts/42")).anySatisfy(line ->
                assertThat(line).startsWith("Jobs affected: 4711"));
    }

    @Test
    void everyChannelCarriesTheJobsAndSlackEscapesTheirMarkup() {
        JsonNode slack = harness.post(new SlackFormat(FormatHarness.JSON), withJobs(2), null).json();
        assertThat(slack.toString()).contains("4711 \\\"&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!channel&gt;\\\"")
                .doesNotContain("<script>").doesNotContain("<!channel>");

        for (ChannelFormat format : List.of(new DiscordFormat(FormatHarness.JSON), new TeamsFormat(FormatHarness.JSON),
                new GoogleChatFormat(FormatHarness.JSON))) {
            String body = harness.post(format, withJobs(2), null).json().toString();
            assertThat(body).as(format.getClass().getSimpleName()).contains("Jobs affected").contains("4711")
                    .contains("4712 \\\"train\\\" (bob)");
        }
        JsonNode generic = harness.post(new GenericWebhookFormat(FormatHarness.JSON), withJobs(2), "secret").json();
        assertThat(generic.path("alert").path("jobs").get(0).path("name").asString()).isEqualTo(HOSTILE);
        assertThat(generic.path("alert").path("jobs").get(0).path("pairs").asInt()).isEqualTo(2);
    }
}
