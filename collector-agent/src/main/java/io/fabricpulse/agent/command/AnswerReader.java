package io.fabricpulse.agent.command;

import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.SweepShard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads what the server has for this agent, once per answer, from an ingest answer or a long-poll answer (both carry
 * {@code commands} and {@code sweep}, see {@link io.fabricpulse.model.command.AgentAnswer}): the orders go to one
 * consumer, the sweep shard (null: every switch) to the other. A body that is not JSON (a proxy's error page) says
 * nothing; an order this agent cannot read (a newer server's) is skipped with a warning, the others still run.
 */
public final class AnswerReader implements Consumer<byte[]> {

    private static final Logger log = LoggerFactory.getLogger(AnswerReader.class);

    private final JsonMapper mapper = JsonMapper.builder().build();
    private final Consumer<List<AgentCommand>> orders;
    private final Consumer<SweepShard> sweep;

    /**
     * @param orders gets the orders of every answer that carries some; must not block (it runs on the push thread)
     * @param sweep  gets the shard of every JSON answer, null when it carries none; must not block
     */
    public AnswerReader(Consumer<List<AgentCommand>> orders, Consumer<SweepShard> sweep) {
        this.orders = orders;
        this.sweep = sweep;
    }

    @Override
    public void accept(byte[] answer) {
        JsonNode root;
        try {
            root = mapper.readTree(answer);
        } catch (JacksonException e) {
            return;
        }
        if (root == null || !root.isObject()) {
            return;
        }
        List<AgentCommand> commands = new ArrayList<>();
        for (JsonNode node : root.path("commands")) {
            try {
                commands.add(mapper.treeToValue(node, AgentCommand.class));
            } catch (JacksonException e) {
                log.warn("ignored an order this agent cannot read (a newer server?): {}", e.getOriginalMessage());
            }
        }
        if (!commands.isEmpty()) {
            orders.accept(List.copyOf(commands));
        }
        JsonNode shard = root.path("sweep");
        if (shard.isMissingNode() || shard.isNull()) {
            sweep.accept(null);
            return;
        }
        try {
            sweep.accept(mapper.treeToValue(shard, SweepShard.class));
        } catch (JacksonException e) {
            log.warn("ignored a sweep shard this agent cannot read (a newer server?): {}", e.getOriginalMessage());
        }
    }
}
