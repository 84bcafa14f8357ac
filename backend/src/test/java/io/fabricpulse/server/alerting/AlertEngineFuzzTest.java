package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.DerivedRates;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random port samples straight into the engine (not through LiveFabric, which would log a fault
 * instead of failing): odd counter values (decreases, values above 2^63, missing counters), unknown
 * speeds, states and peers that come and go. The engine must never throw, and what it holds, what the
 * store says and what it announced must agree.
 */
class AlertEngineFuzzTest extends OnFreshStateStore {

    @Test
    void randomSamplesNeverBreakTheEngineAndEveryAnnouncementMatchesTheStore() {
        Random random = new Random(20260301);
        AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
        String[] widths = {"4X", "1X", null, "12X", "9X"};
        String[] speeds = {"EDR", "NDR", null, "QDR", "WARP"};
        Map<Integer, Map<String, Long>> counters = new HashMap<>();
        for (int step = 0; step < 800; step++) {
            clock.advanceSeconds(random.nextInt(1, 30));
            List<PortView> ports = new ArrayList<>();
            for (int port = 1; port <= 4; port++) {
                if (random.nextInt(3) == 0) {
                    continue;
                }
                Map<String, Long> values = counters.computeIfAbsent(port, p -> new HashMap<>());
                PortCounter counter = PortCounter.values()[random.nextInt(PortCounter.values().length)];
                long current = values.getOrDefault(counter.ibaName(), 0L);
                long next = switch (random.nextInt(5)) {
                    case 0 -> 0;
                    case 1 -> random.nextLong();
                    case 2 -> current + random.nextInt(1000);
                    default -> current + random.nextInt(3);
                };
                values.put(counter.ibaName(), next);
                if (random.nextInt(10) == 0) {
                    values.remove(counter.ibaName());
                }
                PortState state = PortState.values()[random.nextInt(PortState.values().length)];
                ports.add(new PortView("0x000000000000000" + port, "n" + port,
                        random.nextBoolean() ? NodeType.CA : NodeType.SWITCH, port, port, state,
                        PhysicalState.values()[random.nextInt(PhysicalState.values().length)],
                        widths[random.nextInt(widths.length)], speeds[random.nextInt(speeds.length)],
                        random.nextBoolean() ? "0x000000000000000" + (5 - port) : null, random.nextInt(0, 3),
                        Map.copyOf(values), Map.of(), null, null, DerivedRates.NONE,
                        random.nextInt(20) == 0 ? Map.of(counter.ibaName(), clock.instant()) : Map.of(),
                        clock.instant()));
            }
            bed.engine.onUpdate(new FabricUpdate(clock.instant(), "agent-" + random.nextInt(3), List.copyOf(ports)));
            bed.settle();
        }

        long fired = bed.events(AlertEventKind.FIRED).size();
        long resolved = bed.events(AlertEventKind.RESOLVED).size();
        assertThat(fired).isPositive();
        assertThat(resolved).isPositive();
        assertThat(bed.openRows()).hasSize((int) (fired - resolved));
        assertThat(bed.openRows()).extracting(row -> row.alertKey())
                .containsExactlyInAnyOrderElementsOf(bed.engine.openKeys());
        Instant last = clock.instant();
        assertThat(bed.events).allMatch(event -> !event.at().isAfter(last) && event.alertId() > 0);
    }
}
