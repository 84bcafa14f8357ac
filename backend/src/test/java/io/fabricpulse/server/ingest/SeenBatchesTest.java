package io.fabricpulse.server.ingest;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class SeenBatchesTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    private final SeenBatches seen = new SeenBatches(3);

    @Test
    void aSequenceIsClaimedOnce() {
        assertThat(seen.claim("h1", 5, T0)).isTrue();
        assertThat(seen.claim("h1", 5, T0)).isFalse();
    }

    @Test
    void theWindowIsBoundedAndForgetsTheOldest() {
        for (long s = 1; s <= 4; s++) {
            assertThat(seen.claim("h1", s, T0.plusSeconds(s))).isTrue();
        }

        assertThat(seen.claim("h1", 1, T0.plusSeconds(1))).as("sequence 1 left the window of 3").isTrue();
        assertThat(seen.claim("h1", 4, T0.plusSeconds(4))).isFalse();
    }

    @Test
    void aReusedSequenceWithAnotherCollectionTimeIsANewBatch() {
        seen.claim("h1", 0, T0);

        assertThat(seen.claim("h1", 0, T0.plusSeconds(600))).as("agent restarted its sequence").isTrue();
        assertThat(seen.claim("h1", 0, T0.plusSeconds(600))).isFalse();
    }

    @Test
    void aReleasedClaimCanBeClaimedAgain() {
        seen.claim("h1", 9, T0);
        seen.release("h1", 9, T0);

        assertThat(seen.claim("h1", 9, T0)).isTrue();
    }
}
