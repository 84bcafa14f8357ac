package io.fabricpulse.server.fabric.counterclear;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

/** The counter-clear history as pages read it: a port's clears as stored, by every replica. */
@Component
public class CounterClearHistory {

    private final CounterClearRepository repository;

    public CounterClearHistory(CounterClearRepository repository) {
        this.repository = repository;
    }

    /** The port's clears, newest first, at most {@code limit}. */
    public Flux<CounterClearRow> ofPort(String nodeGuid, int portNumber, int limit) {
        return repository.forPort(nodeGuid, portNumber, limit);
    }
}
