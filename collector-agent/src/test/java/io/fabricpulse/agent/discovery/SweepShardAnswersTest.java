package io.fabricpulse.agent.discovery;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class SweepShardAnswersTest {

    private static final long MINE = 0x0002c90000000001L;
    private static final long OTHERS = 0x0002c90000000002L;

    private final SweepShardAnswers shard = new SweepShardAnswers();

    @Test
    void withoutAShardEverySwitchIsSwept() {
        shard.accept(answer("{\"status\":\"accepted\",\"agentId\":\"a\",\"sequence\":1,\"ports\":3}"));

        assertThat(shard.sharded()).isFalse();
        assertThat(shard.sweeps(MINE)).isTrue();
        assertThat(shard.sweeps(OTHERS)).isTrue();
    }

    @Test
    void aShardLimitsTheSweepToItsSwitchesUntilAnAnswerCarriesNone() {
        shard.accept(answer(withShard(3, "0x0002c90000000001")));

        assertThat(shard.sharded()).isTrue();
        assertThat(shard.sweeps(MINE)).isTrue();
        assertThat(shard.sweeps(OTHERS)).isFalse();

        // An older split arriving late (from a slower replica) does not undo the newer one.
        shard.accept(answer(withShard(2, "0x0002c90000000002")));
        assertThat(shard.sweeps(MINE)).isTrue();
        assertThat(shard.sweeps(OTHERS)).isFalse();

        // The server gives no shard now (the other agents left, or an older server): every switch again.
        shard.accept(answer("{\"status\":\"accepted\",\"agentId\":\"a\",\"sequence\":9,\"ports\":3}"));
        assertThat(shard.sharded()).isFalse();
        assertThat(shard.sweeps(OTHERS)).isTrue();
    }

    @Test
    void anAnswerThatIsNotJsonChangesNothing() {
        shard.accept(answer(withShard(3, "0x0002c90000000001")));
        shard.accept(answer("<html>proxy error</html>"));

        assertThat(shard.sweeps(OTHERS)).isFalse();
    }

    private static String withShard(long version, String guid) {
        return "{\"status\":\"accepted\",\"agentId\":\"a\",\"sequence\":1,\"ports\":3,\"sweep\":{\"version\":" + version
                + ",\"switches\":[\"" + guid + "\"]}}";
    }

    private static byte[] answer(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
