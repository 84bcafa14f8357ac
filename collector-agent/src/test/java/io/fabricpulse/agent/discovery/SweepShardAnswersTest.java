package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.command.AnswerReader;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

import static org.assertj.core.api.Assertions.assertThat;

class SweepShardAnswersTest {

    private static final long MINE = 0x0002c90000000001L;
    private static final long OTHERS = 0x0002c90000000002L;

    private final SweepShardAnswers shard = new SweepShardAnswers();
    /** As the agent reads answers: one parse, the shard to {@link #shard}. */
    private final AnswerReader reader = new AnswerReader(orders -> { }, shard);
    private final List<LongPredicate> gains = new ArrayList<>();

    @Test
    void withoutAShardEverySwitchIsSwept() {
        reader.accept(answer("{\"status\":\"accepted\",\"agentId\":\"a\",\"sequence\":1,\"ports\":3}"));

        assertThat(shard.sharded()).isFalse();
        assertThat(shard.sweeps(MINE)).isTrue();
        assertThat(shard.sweeps(OTHERS)).isTrue();
    }

    @Test
    void aShardLimitsTheSweepToItsSwitchesUntilAnAnswerCarriesNone() {
        reader.accept(answer(withShard(3, "0x0002c90000000001")));

        assertThat(shard.sharded()).isTrue();
        assertThat(shard.sweeps(MINE)).isTrue();
        assertThat(shard.sweeps(OTHERS)).isFalse();

        // An older split arriving late (from a slower replica) does not undo the newer one.
        reader.accept(answer(withShard(2, "0x0002c90000000002")));
        assertThat(shard.sweeps(MINE)).isTrue();
        assertThat(shard.sweeps(OTHERS)).isFalse();

        // The server gives no shard now (the other agents left, or an older server): every switch again.
        reader.accept(answer("{\"status\":\"accepted\",\"agentId\":\"a\",\"sequence\":9,\"ports\":3}"));
        assertThat(shard.sharded()).isFalse();
        assertThat(shard.sweeps(OTHERS)).isTrue();
    }

    @Test
    void anAnswerThatIsNotJsonChangesNothing() {
        reader.accept(answer(withShard(3, "0x0002c90000000001")));
        reader.accept(answer("<html>proxy error</html>"));

        assertThat(shard.sweeps(OTHERS)).isFalse();
    }

    @Test
    void gainedSwitchesAreHandedOverAtOnceAndLostOnesAreNoLongerSwept() {
        shard.onGain(gains::add);
        long third = 0x0002c90000000003L;
        reader.accept(answer(withShard(3, "0x0002c90000000001")));
        assertThat(gains).as("the first shard gains nothing: every switch was swept until now").isEmpty();

        // Another agent went: a long-poll answer (no ingest fields) gives this one its switch too.
        reader.accept(answer("{\"sweep\":{\"version\":4,\"switches\":[\"0x0002c90000000001\",\"0x0002c90000000002\"]}}"));
        assertThat(gains).singleElement().satisfies(gained -> {
            assertThat(gained.test(OTHERS)).isTrue();
            assertThat(gained.test(MINE)).as("swept already, at its own step").isFalse();
        });
        assertThat(shard.version()).isEqualTo(4);

        // It came back: this one loses its switch at once and gains nothing.
        reader.accept(answer(withShard(5, "0x0002c90000000001")));
        assertThat(shard.sweeps(OTHERS)).isFalse();
        assertThat(gains).hasSize(1);

        // The last other agent went: no shard, every switch not swept until now is gained.
        reader.accept(answer("{}"));
        assertThat(gains).hasSize(2);
        assertThat(gains.get(1).test(third)).isTrue();
        assertThat(gains.get(1).test(MINE)).isFalse();
        assertThat(shard.version()).isZero();
    }

    private static String withShard(long version, String guid) {
        return "{\"status\":\"accepted\",\"agentId\":\"a\",\"sequence\":1,\"ports\":3,\"sweep\":{\"version\":" + version
                + ",\"switches\":[\"" + guid + "\"]}}";
    }

    private static byte[] answer(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
