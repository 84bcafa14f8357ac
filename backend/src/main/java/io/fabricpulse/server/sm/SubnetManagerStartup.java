package io.fabricpulse.server.sm;

import io.fabricpulse.server.sm.store.SubnetManagerRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;

/** Loads the subnet managers the state store remembers once the server is ready. */
@Component
class SubnetManagerStartup {

    private static final Logger log = LoggerFactory.getLogger(SubnetManagerStartup.class);
    private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(30);

    private final SubnetManagerRegistry registry;
    private final SubnetManagerRepository rows;

    SubnetManagerStartup(SubnetManagerRegistry registry, SubnetManagerRepository rows) {
        this.registry = registry;
        this.rows = rows;
    }

    @EventListener(ApplicationReadyEvent.class)
    void load() {
        try {
            registry.load(rows.all().collectList().block(LOAD_TIMEOUT));
        } catch (RuntimeException e) {
            // The registry fills again from the agents' next answers; only a master change across the restart is missed.
            log.error("subnet managers: could not load them from the state store: {}", e.toString());
        }
    }
}
