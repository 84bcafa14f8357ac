package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.api.AlertView;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** The grouping key of the alert list: one cable, whichever end or rule raised the alert. */
class AlertGroupsTest {

    private static final String A = "0x0002c90300000001";
    private static final String B = "0x0002c90200000002";
    private static final String CABLE = "link:" + B + "/7-" + A + "/1";
    private static final Function<PortRef, PortRef> TOPOLOGY = Map.of(new PortRef(A, 1), new PortRef(B, 7),
            new PortRef(B, 7), new PortRef(A, 1))::get;

    @Test
    void aLinkAlertIsGroupedByItsCable() {
        assertThat(AlertGroups.key(alert("link:" + B + "/7-" + A + "/1"), TOPOLOGY)).isEqualTo(CABLE);
    }

    @Test
    void aPortAlertOfEitherEndIsPutOnTheCableTheTopologyKnows() {
        assertThat(AlertGroups.key(alert("port:" + A + "/1"), TOPOLOGY)).isEqualTo(CABLE);
        assertThat(AlertGroups.key(alert("port:" + B + "/7"), TOPOLOGY)).isEqualTo(CABLE);
    }

    @Test
    void aPortWithoutAKnownCableANodeAndAMalformedKeyKeepTheirOwnSubject() {
        assertThat(AlertGroups.key(alert("port:" + A + "/2"), TOPOLOGY)).isEqualTo("port:" + A + "/2");
        assertThat(AlertGroups.key(alert("node:" + A), TOPOLOGY)).isEqualTo("node:" + A);
        assertThat(AlertGroups.key(alert("fabric:sm"), TOPOLOGY)).isEqualTo("fabric:sm");
        assertThat(AlertGroups.key(alert("port:" + A + "/x"), TOPOLOGY)).isEqualTo("port:" + A + "/x");
        assertThat(AlertGroups.key(alert("port:nothing"), TOPOLOGY)).isEqualTo("port:nothing");
    }

    private static AlertView alert(String subject) {
        return new AlertView(1, "rule", Severity.WARNING, AlertScope.PORT, subject, "FIRING", "x", null, A, null,
                Instant.EPOCH, null, null, null, null, null, false, false,
                new AlertContext("x", "c", 1, 1, "", List.of(), List.of(), false));
    }
}
