package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.notify.AlertNotice;
import io.fabricpulse.server.notify.AlertNotice.Kind;
import io.fabricpulse.server.notify.AlertNotice.Severity;
import io.fabricpulse.server.notify.ChannelType;
import io.fabricpulse.server.notify.FormatHarness;
import io.fabricpulse.server.notify.Notifications;
import io.fabricpulse.server.notify.TestNotices;
import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.notify.WebhookSink.Answer;
import io.fabricpulse.server.notify.WebhookSpec;
import io.fabricpulse.server.notify.webhook.WebhookRepository;
import io.fabricpulse.server.state.StateContract;
import io.fabricpulse.server.state.StateDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox on a real database with a real HTTP sink: every notice arrives exactly once however the
 * channel misbehaves, across restarts and with two replicas. Time moves only when a test moves it.
 */
public interface OutboxContract extends StateContract {

    /** Closes the database connection and opens a new one over the same data: the server restarted. */
    StateDatabase restartDatabase();

    WebhookSink sink();

    @AfterEach
    default void closeSink() {
        sink().close();
    }

    private OutboxRig rig() {
        return new OutboxRig(state(), List.of(OutboxRig.slack("config-sink", sink().url("/hook"))));
    }

    private static void announce(OutboxRig rig, AlertNotice notice) {
        rig.notifications().announce(notice).block();
    }

    /** Moves time on in steps longer than the longest backoff, one round each, until nothing is open. */
    private static void keepDispatching(OutboxRig rig, OutboxDispatcher dispatcher, int rounds) {
        for (int i = 0; i < rounds && rig.open() > 0; i++) {
            rig.clock.advance(OutboxRig.MAX_BACKOFF);
            rig.dispatch(dispatcher);
        }
    }

    private void assertDeliveredOnceEach(int notices) {
        List<WebhookSink.Received> accepted = sink().accepted();
        assertThat(accepted).hasSize(notices);
        assertThat(accepted.stream().map(OutboxContract::alertPage).distinct()).hasSize(notices);
    }

    private static String alertPage(WebhookSink.Received request) {
        return request.json().get("attachments").get(0).get("title_link").asString();
    }

    @Test
    default void firingAcknowledgedAndResolvedAreEachDeliveredOnceInOrder() {
        OutboxRig rig = rig();
        announce(rig, TestNotices.firing("1"));
        announce(rig, TestNotices.notice(Kind.ACKNOWLEDGED, "1", Severity.CRITICAL, "etna", OutboxRig.T0.plusSeconds(1)));
        announce(rig, TestNotices.notice(Kind.RESOLVED, "1", Severity.CRITICAL, "etna", OutboxRig.T0.plusSeconds(2)));

        assertThat(rig.dispatch(rig.dispatcher("a"))).isEqualTo(3);
        assertThat(rig.dispatch(rig.dispatcher("a"))).isZero();

        assertThat(sink().accepted()).extracting(request -> request.json().get("text").asString().split(" ")[0])
                .containsExactly("FIRING", "ACKNOWLEDGED", "RESOLVED");
        assertThat(rig.open()).isZero();
        assertThat(rig.counted("delivered")).isEqualTo(3);
    }

    @Test
    default void announcingAnEventTwiceQueuesItOnce() {
        OutboxRig rig = rig();
        Notifications notifications = rig.notifications();

        assertThat(notifications.announce(TestNotices.firing("1")).block()).isEqualTo(1);
        assertThat(notifications.announce(TestNotices.firing("1")).block()).isZero();
        assertThat(rig.open()).isEqualTo(1);
    }

    @Test
    default void onlyWebhooksWhoseSeverityAndClustersMatchGetTheNotice() {
        OutboxRig rig = new OutboxRig(state(), List.of(
                OutboxRig.target("config-warn", ChannelType.SLACK, sink().url("/warn"), null, Severity.WARNING, Set.of()),
                OutboxRig.target("config-etna", ChannelType.SLACK, sink().url("/etna"), null, Severity.INFO, Set.of("etna")),
                OutboxRig.target("config-other", ChannelType.SLACK, sink().url("/other"), null, Severity.INFO, Set.of("lr4"))));

        assertThat(rig.notifications().announce(TestNotices.firing("1")).block()).isEqualTo(2);
        assertThat(rig.notifications().announce(TestNotices.notice(Kind.FIRING, "2", Severity.INFO, null,
                OutboxRig.T0)).block()).isZero();
        rig.dispatch(rig.dispatcher("a"));

        assertThat(sink().accepted()).extracting(WebhookSink.Received::path).containsExactlyInAnyOrder("/warn", "/etna");
    }

    @Test
    default void aChannelAnswering500IsRetriedWithBackoffAndGetsTheNoticeOnce() {
        sink().thenAnswer(Answer.status(500), Answer.status(500), Answer.status(503));
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a");
        announce(rig, TestNotices.firing("1"));

        assertThat(rig.dispatch(dispatcher)).isZero();
        assertThat(rig.dispatch(dispatcher)).as("not due again before its backoff").isZero();
        assertThat(sink().received()).hasSize(1);
        keepDispatching(rig, dispatcher, 10);
        keepDispatching(rig, dispatcher, 3);

        assertDeliveredOnceEach(1);
        assertThat(sink().received()).hasSize(4)
                .extracting(OutboxContract::alertPage).containsOnly(FormatHarness.PUBLIC_URL + "/alerts/1");
        assertThat(rig.counted("retried")).isEqualTo(3);
    }

    @Test
    default void retryAfterInSecondsIsHonoured() {
        sink().thenAnswer(Answer.status(429, "Retry-After", "30"));
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a");
        announce(rig, TestNotices.firing("1"));

        rig.dispatch(dispatcher);
        rig.clock.advance(Duration.ofSeconds(29));
        assertThat(rig.dispatch(rig.dispatcher("b"))).as("another replica waits too: the row is not due").isZero();
        assertThat(sink().received()).hasSize(1);
        rig.clock.advance(Duration.ofSeconds(1));
        assertThat(rig.dispatch(dispatcher)).isEqualTo(1);
        assertDeliveredOnceEach(1);
    }

    @Test
    default void retryAfterAsAnHttpDateIsHonoured() {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(OutboxRig.T0.plusSeconds(120).atZone(ZoneOffset.UTC));
        sink().thenAnswer(Answer.status(429, "Retry-After", date));
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a");
        announce(rig, TestNotices.firing("1"));

        rig.dispatch(dispatcher);
        rig.clock.advance(Duration.ofSeconds(119));
        assertThat(rig.dispatch(dispatcher)).isZero();
        rig.clock.advance(Duration.ofSeconds(1));
        assertThat(rig.dispatch(dispatcher)).isEqualTo(1);
        assertThat(sink().received()).hasSize(2);
    }

    @Test
    default void aChannelThatDoesNotAnswerIsRetriedAfterTheTimeout() {
        sink().thenAnswer(Answer.noAnswer());
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a");
        announce(rig, TestNotices.firing("1"));

        assertThat(rig.dispatch(dispatcher)).isZero();
        keepDispatching(rig, dispatcher, 5);

        assertDeliveredOnceEach(1);
        assertThat(sink().received()).hasSize(2);
    }

    @Test
    default void whatWasQueuedBeforeARestartIsDeliveredOnceAfterIt() {
        sink().thenAnswer(Answer.status(500), Answer.status(500));
        OutboxRig rig = rig();
        announce(rig, TestNotices.firing("1"));
        announce(rig, TestNotices.firing("2"));
        rig.dispatch(rig.dispatcher("before-restart"));

        rig.use(restartDatabase());
        assertThat(rig.open()).isEqualTo(2);
        keepDispatching(rig, rig.dispatcher("after-restart"), 10);

        assertDeliveredOnceEach(2);
        assertThat(rig.open()).isZero();
    }

    @Test
    default void twoReplicasOnOneDatabaseDeliverEachEntryOnce() {
        OutboxRig rig = rig();
        IntStream.range(0, 20).forEach(i -> announce(rig, TestNotices.firing("alert-" + i)));
        OutboxDispatcher a = rig.dispatcher("replica-a");
        OutboxDispatcher b = rig.dispatcher("replica-b");

        Integer delivered = Mono.zip(a.dispatchDue().subscribeOn(Schedulers.boundedElastic()),
                        b.dispatchDue().subscribeOn(Schedulers.boundedElastic()), Integer::sum)
                .block(Duration.ofSeconds(60));

        assertThat(delivered).isEqualTo(20);
        assertDeliveredOnceEach(20);
        assertThat(rig.open()).isZero();
    }

    @Test
    default void aClaimIsExclusiveUntilItsLeaseRunsOut() {
        OutboxRig rig = rig();
        announce(rig, TestNotices.firing("1"));
        OutboxRepository outbox = rig.outbox();
        long id = outbox.due(OutboxRig.T0, 10).blockFirst().id();

        assertThat(outbox.claim(id, "a", OutboxRig.T0, OutboxRig.T0.plusSeconds(60)).block()).isTrue();
        assertThat(outbox.claim(id, "b", OutboxRig.T0.plusSeconds(59), OutboxRig.T0.plusSeconds(119)).block()).isFalse();
        assertThat(outbox.due(OutboxRig.T0.plusSeconds(59), 10).collectList().block()).isEmpty();
        assertThat(outbox.claim(id, "b", OutboxRig.T0.plusSeconds(61), OutboxRig.T0.plusSeconds(121)).block()).isTrue();
        assertThat(outbox.delivered(id, "a", OutboxRig.T0.plusSeconds(62)).block()).as("a lost its lease").isFalse();
        assertThat(outbox.delivered(id, "b", OutboxRig.T0.plusSeconds(62)).block()).isTrue();
        assertThat(rig.open()).isZero();
    }

    @Test
    default void aNoticeStillFailingAtItsMaxAgeIsGivenUpAndCounted() {
        sink().thenAnswer(IntStream.range(0, 50).mapToObj(i -> Answer.status(500)).toArray(Answer[]::new));
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a", Duration.ZERO, Duration.ofMinutes(1));
        announce(rig, TestNotices.firing("1"));

        rig.dispatch(dispatcher);
        keepDispatching(rig, dispatcher, 30);

        assertThat(rig.open()).isZero();
        assertThat(sink().accepted()).isEmpty();
        assertThat(rig.counted("given-up")).isEqualTo(1);
        assertThat(state().client().sql("SELECT last_error FROM notification_outbox").map(row -> row.get(0, String.class))
                .one().block()).contains("max age").contains("HTTP 500");
    }

    @Test
    default void aRefusalIsGivenUpAtOnce() {
        sink().thenAnswer(Answer.status(404));
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a");
        announce(rig, TestNotices.firing("1"));

        rig.dispatch(dispatcher);
        keepDispatching(rig, dispatcher, 3);

        assertThat(sink().received()).hasSize(1);
        assertThat(rig.open()).isZero();
        assertThat(rig.counted("given-up")).isEqualTo(1);
    }

    @Test
    default void oneChannelGetsAtMostOnePostPerRateLimitInterval() {
        OutboxRig rig = rig();
        OutboxDispatcher dispatcher = rig.dispatcher("a", Duration.ofSeconds(1), Duration.ofHours(1));
        announce(rig, TestNotices.firing("1"));
        announce(rig, TestNotices.firing("2"));

        assertThat(rig.dispatch(dispatcher)).isEqualTo(1);
        rig.clock.advance(Duration.ofMillis(999));
        assertThat(rig.dispatch(dispatcher)).isZero();
        rig.clock.advance(Duration.ofMillis(1));
        assertThat(rig.dispatch(dispatcher)).isEqualTo(1);
        assertDeliveredOnceEach(2);
    }

    @Test
    default void aNoticeForAWebhookDeletedMeanwhileIsGivenUp() {
        WebhookRepository stored = new WebhookRepository(state().client());
        long id = Long.parseLong(stored.insert("ops", new WebhookSpec(ChannelType.SLACK, sink().url("/ops"), null,
                Severity.INFO, Set.of()), OutboxRig.T0).block().key());
        OutboxRig rig = new OutboxRig(state(), List.of());
        announce(rig, TestNotices.firing("1"));
        stored.delete(id).block();

        rig.dispatch(rig.dispatcher("a"));

        assertThat(sink().received()).isEmpty();
        assertThat(rig.open()).isZero();
        assertThat(rig.counted("given-up")).isEqualTo(1);
    }

    @Test
    default void aStoredWebhookSwitchedOffGetsNoNoticesUntilSwitchedOnAgain() {
        WebhookRepository stored = new WebhookRepository(state().client());
        long id = Long.parseLong(stored.insert("paused", new WebhookSpec(ChannelType.SLACK, sink().url("/paused"), null,
                Severity.INFO, Set.of()), OutboxRig.T0).block().key());
        OutboxRig rig = new OutboxRig(state(), List.of());

        assertThat(stored.setEnabled(id, false, OutboxRig.T0).block()).isTrue();
        assertThat(stored.findById(id).block().enabled()).isFalse();
        assertThat(rig.notifications().announce(TestNotices.firing("while-off")).block()).isZero();
        assertThat(stored.setEnabled(id, true, OutboxRig.T0).block()).isTrue();
        assertThat(rig.notifications().announce(TestNotices.firing("on-again")).block()).isEqualTo(1);
        rig.dispatch(rig.dispatcher("a"));

        assertThat(sink().accepted()).singleElement().satisfies(request -> assertThat(request.path()).isEqualTo("/paused"));
        assertThat(stored.setEnabled(id + 1000, false, OutboxRig.T0).block()).as("no such webhook").isFalse();
        stored.delete(id).block();
    }

    @Test
    default void finishedRowsAreKeptAsHistoryForTheConfiguredTimeThenDeleted() {
        sink().thenAnswer(Answer.status(404));
        OutboxRig rig = rig();
        announce(rig, TestNotices.firing("given-up"));
        announce(rig, TestNotices.firing("delivered"));
        OutboxDispatcher dispatcher = rig.dispatcher("a");
        rig.dispatch(dispatcher);
        rig.dispatch(dispatcher);
        assertThat(state().count("notification_outbox")).isEqualTo(2);
        assertThat(rig.open()).isZero();

        rig.clock.advance(OutboxRig.HISTORY.minusMinutes(1));
        rig.dispatch(dispatcher);
        assertThat(state().count("notification_outbox")).as("younger than the history").isEqualTo(2);
        announce(rig, TestNotices.firing("new"));
        rig.clock.advance(Duration.ofHours(1));
        rig.dispatch(dispatcher);

        assertThat(state().count("notification_outbox")).as("only the new one's delivery remains").isEqualTo(1);
    }

    @Test
    default void aStoredWebhookComesBackAsWrittenAndCanBeChangedAndDeleted() {
        WebhookRepository stored = new WebhookRepository(state().client());
        WebhookSpec spec = new WebhookSpec(ChannelType.GENERIC, sink().url("/t?x=1"), "s".repeat(20), Severity.WARNING,
                Set.of("etna", "lr4"));
        String key = stored.insert("tickets", spec, OutboxRig.T0).block().key();

        assertThat(stored.findAll().collectList().block()).singleElement()
                .satisfies(target -> assertThat(target.spec()).isEqualTo(spec));
        WebhookSpec changed = new WebhookSpec(ChannelType.DISCORD, sink().url("/d"), null, Severity.INFO, Set.of());
        assertThat(stored.update(Long.parseLong(key), "renamed", changed, OutboxRig.T0).block()).isTrue();
        assertThat(stored.findById(Long.parseLong(key)).block().spec()).isEqualTo(changed);
        assertThat(stored.delete(Long.parseLong(key)).block()).isTrue();
        assertThat(stored.findAll().collectList().block()).isEmpty();
    }
}
