package io.fabricpulse.server.e2e;

import io.fabricpulse.server.testing.TestBatches;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One simulated agent with one host port, pushing a batch every second to replicas in turn (batch 1 to
 * the first, 2 to the second, ...), as a load balancer in front of server replicas may do. It knows
 * the true rate of every batch it sent (counter increase since the previous batch over the time
 * between them), so a test can check what each replica computed. PortXmitData grows unevenly (1 MB
 * and 3 MB in turn): a replica that took its rate over its own last two batches would be off.
 */
final class AlternatingAgent implements AutoCloseable {

    private final String token;
    private final String guid;
    private final String agentId = TestBatches.randomAgentId();
    private final List<ServerProcess> replicas;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final AtomicLong symbolErrors = new AtomicLong();
    private final Map<Instant, Map<String, Double>> trueRates = new ConcurrentHashMap<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    /** Every order an answer carried: its id and the replica whose answer it was. */
    private final List<Map.Entry<Long, String>> orders = new CopyOnWriteArrayList<>();
    private final JsonMapper json = JsonMapper.builder().build();
    /** When set, every batch goes to this replica only (as a load balancer that drained the other would). */
    private volatile ServerProcess only;
    private long sequence;
    private long xmitData;
    private Instant previousAt;
    private long previousXmitData;
    private long previousSymbolErrors;

    private AlternatingAgent(String token, String guid, List<ServerProcess> replicas) {
        this.token = token;
        this.guid = guid;
        this.replicas = List.copyOf(replicas);
    }

    static AlternatingAgent start(String token, String guid, List<ServerProcess> replicas) {
        AlternatingAgent agent = new AlternatingAgent(token, guid, replicas);
        agent.timer.scheduleAtFixedRate(agent::push, 0, 1, TimeUnit.SECONDS);
        return agent;
    }

    /** The port's SymbolErrorCounter rises by {@code errors} before the next batch, then stays. */
    void jumpSymbolErrors(long errors) {
        symbolErrors.addAndGet(errors);
    }

    /** The true rate of {@code counter} in the batch collected at {@code at}; null for an unknown batch. */
    Double trueRate(Instant at, String counter) {
        Map<String, Double> rates = trueRates.get(at);
        return rates == null ? null : rates.get(counter);
    }

    /** From now on every batch goes to {@code replica} only; null: in turn again. */
    void pushOnlyTo(ServerProcess replica) {
        only = replica;
    }

    /** The replicas whose answers carried order {@code id}, one entry per answer. */
    List<String> deliveries(long id) {
        return orders.stream().filter(order -> order.getKey() == id).map(Map.Entry::getValue).toList();
    }

    /** Pushes the replicas refused or failed, with why; empty when every batch was accepted. */
    List<String> failures() {
        return List.copyOf(failures);
    }

    private void push() {
        sequence++;
        xmitData += sequence % 2 == 0 ? 1_000_000 : 3_000_000;
        long symbols = symbolErrors.get();
        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        if (previousAt != null) {
            double seconds = Duration.between(previousAt, at).toNanos() / 1e9;
            trueRates.put(at, Map.of("PortXmitData", (xmitData - previousXmitData) / seconds,
                    "SymbolErrorCounter", (symbols - previousSymbolErrors) / seconds));
        }
        previousAt = at;
        previousXmitData = xmitData;
        previousSymbolErrors = symbols;
        ServerProcess chosen = only;
        ServerProcess replica = chosen != null ? chosen : replicas.get((int) (sequence % replicas.size()));
        String batch = TestBatches.json(TestBatches.oneHostPort(agentId, sequence, at, guid,
                Map.of("PortXmitData", xmitData, "PortRcvData", xmitData, "SymbolErrorCounter", symbols)));
        try {
            JsonNode ack = json.readTree(replica.post("/api/v1/ingest", token, batch, 202));
            for (JsonNode order : ack.path("commands")) {
                orders.add(Map.entry(order.path("id").asLong(), replica.baseUrl()));
            }
        } catch (Exception e) {
            failures.add("batch " + sequence + " to " + replica.baseUrl() + ": " + e.getMessage());
        }
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(30, TimeUnit.SECONDS);
    }
}
