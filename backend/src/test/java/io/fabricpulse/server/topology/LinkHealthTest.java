package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.rates.DerivedRates;
import io.fabricpulse.server.web.TestPorts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A cable's health and load from both ends: the map colours edges by the one and sizes them by the other. */
class LinkHealthTest {

    private static final String HOST = "0x0002c90300000420";
    private static final String LEAF = "0x0002c90200000103";

    @Test
    void loadIsTheBusiestDirectionAtEitherEnd() {
        LinkHealth health = LinkHealth.of(host().derived(load(0.10, 0.62)).build(), leaf().derived(load(0.60, 0.09)).build(), false, LinkHealth.RecentErrors.NONE);

        assertThat(health.status()).isEqualTo(LinkHealth.Status.OK);
        assertThat(health.utilisation()).isEqualTo(0.62);
    }

    @Test
    void oneEndWithoutADataRateLeavesTheOtherEndsReading() {
        LinkHealth health = LinkHealth.of(host().build(), leaf().derived(load(null, 0.25)).build(), false, LinkHealth.RecentErrors.NONE);

        assertThat(health.utilisation()).isEqualTo(0.25);
    }

    @Test
    void noDataRateAtEitherEndIsUnknownLoadNotZero() {
        assertThat(LinkHealth.of(host().build(), leaf().build(), false, LinkHealth.RecentErrors.NONE).utilisation()).isNull();
        assertThat(LinkHealth.of(null, null, true, LinkHealth.RecentErrors.NONE).utilisation()).isNull();
        assertThat(LinkHealth.of(host().derived(load(Double.NaN, null)).build(), null, false, LinkHealth.RecentErrors.NONE).utilisation()).isNull();
    }

    @Test
    void loadIsReportedBesideErrorsAndDownWithoutChangingThem() {
        LinkHealth errors = LinkHealth.of(host().counter("SymbolErrorCounter", 40, 2.0).derived(load(0.4, 0.3)).build(),
                leaf().build(), false, LinkHealth.RecentErrors.NONE);
        LinkHealth down = LinkHealth.of(host().state(PortState.DOWN, PhysicalState.POLLING).build(),
                leaf().derived(load(0.0, 0.0)).build(), false, LinkHealth.RecentErrors.NONE);

        assertThat(errors.status()).isEqualTo(LinkHealth.Status.ERRORS);
        assertThat(errors.errorsPerSecond()).isEqualTo(2.0);
        assertThat(errors.utilisation()).isEqualTo(0.4);
        assertThat(down.status()).isEqualTo(LinkHealth.Status.DOWN);
        assertThat(down.utilisation()).isEqualTo(0.0);
    }

    @Test
    void aCableWithAnErrorInTheLastMinuteStaysRedThroughAnIntervalWithoutOne() {
        // Polled every second, a cable with an error every five seconds has none in four intervals of five.
        LinkHealth.RecentErrors oneEveryFiveSeconds = port -> port.nodeGuid().equals(HOST) ? 0.2 : 0;
        LinkHealth quiet = LinkHealth.of(host().counter("SymbolErrorCounter", 40, 0.0).build(), leaf().build(), false,
                oneEveryFiveSeconds);
        LinkHealth burst = LinkHealth.of(host().counter("SymbolErrorCounter", 45, 5.0).build(), leaf().build(), false,
                oneEveryFiveSeconds);

        assertThat(quiet.status()).isEqualTo(LinkHealth.Status.ERRORS);
        assertThat(quiet.errorsPerSecond()).isEqualTo(0.2);
        assertThat(burst.errorsPerSecond()).as("a burst now is not averaged away").isEqualTo(5.0);
        assertThat(LinkHealth.of(host().counter("SymbolErrorCounter", 40, 0.0).build(), leaf().build(), false,
                LinkHealth.RecentErrors.NONE).status()).isEqualTo(LinkHealth.Status.OK);
    }

    private static TestPorts host() {
        return TestPorts.port("node0420 HCA-1", HOST, 1).peer(LEAF, 5);
    }

    private static TestPorts leaf() {
        return TestPorts.port("leaf03", LEAF, 5).peer(HOST, 1);
    }

    private static DerivedRates load(Double xmit, Double rcv) {
        return new DerivedRates(100e9, null, null, xmit, rcv, null, null, null, null);
    }
}
