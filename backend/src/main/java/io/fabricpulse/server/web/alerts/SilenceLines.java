package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.store.SilenceRow;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.web.DisplayFormat;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The silences as the alert pages show them: those not yet ended (the list's Silences section, soonest
 * end first) and the one covering an alert now (its page's note). Read from the state store, so a
 * silence made on another replica shows too.
 */
@Component
class SilenceLines {

    private final AlertViews alerts;
    private final FabricView fabric;
    private final DisplayFormat format;
    private final Clock clock;

    SilenceLines(AlertViews alerts, FabricView fabric, DisplayFormat format, Clock clock) {
        this.alerts = alerts;
        this.fabric = fabric;
        this.format = format;
        this.clock = clock;
    }

    /** Active and pending silences, the one ending soonest first. */
    Mono<List<SilenceLine>> current() {
        Instant now = clock.instant();
        UnaryOperator<String> names = names();
        return alerts.silencesNotExpired(now)
                .sort(Comparator.comparing(SilenceRow::endsAt).thenComparing(SilenceRow::id))
                .map(row -> SilenceLine.of(row, now, names, format))
                .collectList();
    }

    /** The active silence covering {@code alert} now, or null. */
    SilenceLine covering(AlertView alert) {
        SilenceRow row = alerts.silencing(alert);
        return row == null ? null : SilenceLine.of(row, clock.instant(), names(), format);
    }

    private UnaryOperator<String> names() {
        Map<String, String> byGuid = fabric.nodes().stream()
                .collect(Collectors.toMap(NodeView::guid, NodeView::name, (a, b) -> a));
        return guid -> byGuid.getOrDefault(guid, guid);
    }
}
