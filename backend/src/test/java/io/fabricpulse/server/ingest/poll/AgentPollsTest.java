package io.fabricpulse.server.ingest.poll;

import io.fabricpulse.agent.testing.MutableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the closing of an agent's long-poll says, on a clock the test moves: closed by the agent's side and not
 * opened again within the grace, the agent has gone; opened again within it, it stays; answered by the server, or
 * closed because this server stops, nobody has gone. One poll is held per agent.
 */
class AgentPollsTest {

    private static final Duration GRACE = Duration.ofSeconds(1);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T12:00:00Z"));
    private final AgentPolls polls = new AgentPolls(new AgentPollProperties(Duration.ofSeconds(25), GRACE, 3), clock);
    private final List<String> gone = new CopyOnWriteArrayList<>();
    private Disposable listening;

    @BeforeEach
    void start() {
        polls.start();
        listening = polls.departures().subscribe(gone::add);
    }

    @Test
    void aPollClosedByTheAgentsSideIsADepartureOnceTheGraceIsOver() {
        AgentPolls.Poll poll = polls.open("sweeper-c");
        polls.ended(poll, true);

        clock.advance(GRACE.minusMillis(1));
        polls.announceDepartures();
        assertThat(gone).as("within the grace").isEmpty();

        clock.advance(Duration.ofMillis(1));
        polls.announceDepartures();
        polls.announceDepartures();
        assertThat(gone).containsExactly("sweeper-c");
        assertThat(polls.holding()).isEmpty();
        listening.dispose();
    }

    @Test
    void anAgentThatPollsAgainWithinTheGraceStays() {
        polls.ended(polls.open("sweeper-c"), true);
        clock.advance(GRACE.dividedBy(2));
        polls.open("sweeper-c");

        clock.advance(GRACE.multipliedBy(3));
        polls.announceDepartures();

        assertThat(gone).isEmpty();
        assertThat(polls.holding()).containsExactly("sweeper-c");
    }

    @Test
    void anAnsweredPollOrOneEndedByANewerIsNoDeparture() {
        AgentPolls.Poll answered = polls.open("a");
        polls.ended(answered, false);
        AgentPolls.Poll older = polls.open("b");
        polls.open("b");
        polls.ended(older, true); // the older connection of a reconnect closes late

        clock.advance(GRACE.multipliedBy(2));
        polls.announceDepartures();

        assertThat(gone).isEmpty();
        assertThat(polls.holding()).containsExactly("b");
    }

    @Test
    void aNewerPollEndsTheOlderAtOnce() {
        AgentPolls.Poll older = polls.open("a");
        List<AgentPolls.Tick> ticks = new CopyOnWriteArrayList<>();
        older.ticks().subscribe(ticks::add);

        polls.open("a");

        assertThat(ticks).containsExactly(AgentPolls.Tick.END);
    }

    @Test
    void thisServerStoppingClosesEveryPollAndNobodyHasGone() {
        AgentPolls.Poll a = polls.open("a");
        AgentPolls.Poll b = polls.open("b");
        List<AgentPolls.Tick> ticks = new CopyOnWriteArrayList<>();
        a.ticks().subscribe(ticks::add);

        polls.stop();
        polls.ended(a, true);
        polls.ended(b, true);
        clock.advance(GRACE.multipliedBy(2));
        polls.announceDepartures();

        assertThat(ticks).as("answered before the web server stops").containsExactly(AgentPolls.Tick.END);
        assertThat(gone).isEmpty();
    }

    @Test
    void pollsBeyondTheLimitAreRefusedButAnAgentMayReplaceItsOwn() {
        polls.open("a");
        polls.open("b");
        polls.open("c");
        polls.open("c");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> polls.open("d"))
                .hasMessageContaining("holds 3 polls");
    }
}
