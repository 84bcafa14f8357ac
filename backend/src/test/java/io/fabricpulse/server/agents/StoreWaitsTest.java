package io.fabricpulse.server.agents;

import io.fabricpulse.server.ingest.IngestUnavailableException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoreWaitsTest {

    private final StoreWaits waits = new StoreWaits(4);

    @Test
    void aPushThatComesWhileFourAdmissionsWaitForTheStoreIsRefusedAtTheDoorUntilOneIsDone() {
        List<CompletableFuture<String>> store = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CompletableFuture<String> statement = new CompletableFuture<>();
            store.add(statement);
            waits.track(() -> statement);
        }
        assertThat(waits.busy()).as("three wait").isEmpty();
        CompletableFuture<String> fourth = new CompletableFuture<>();
        CompletableFuture<String> answer = waits.track(() -> fourth);

        assertThat(waits.busy()).hasValueSatisfying(refusal -> {
            assertThat(refusal).isInstanceOf(IngestUnavailableException.class).hasMessageContaining("4 pushes wait");
            assertThat(refusal.retryAfter()).isEqualTo(Duration.ofSeconds(1));
        });
        fourth.completeExceptionally(new IllegalStateException("the store refused"));
        assertThat(answer).isCompletedExceptionally();
        assertThat(waits.busy()).as("a failed statement waits no more").isEmpty();
    }

    @Test
    void whatTheStoreAnswersAtOnceAndAStepThatThrowsCountNothing() {
        for (int i = 0; i < 10; i++) {
            assertThat(waits.track(() -> CompletableFuture.completedFuture("owner known"))).isCompletedWithValue("owner known");
        }
        for (int i = 0; i < 10; i++) {
            assertThatThrownBy(() -> waits.track(() -> {
                throw new IllegalArgumentException("no statement made");
            })).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(waits.busy()).isEmpty();
    }
}
