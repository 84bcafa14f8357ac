package io.fabricpulse.server.agents;

import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Node claims: first come, first served, a whole batch's nodes at once, and one owner per node under a race. */
public interface AgentNodeContract extends StateContract {

    Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    private AgentRepository agents() {
        return new AgentRepository(state().client(), state().transaction());
    }

    private static List<String> guids(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(i -> "0x%016x".formatted(0x0002c90300000000L + i)).toList();
    }

    @Test
    default void aBatchClaimsWhatNobodyHasAndReadsTheOwnerOfTheRest() {
        List<String> first = guids(0, 2);
        assertThat(agents().claimAll(first, "a", T0).block()).containsOnly(Map.entry(first.get(0), "a"),
                Map.entry(first.get(1), "a"));

        List<String> second = List.of(first.get(1), guids(2, 1).getFirst(), guids(2, 1).getFirst());
        assertThat(agents().claimAll(second, "b", T0.plusSeconds(1)).block())
                .as("the node a has stays a's; the new one, named twice, is b's")
                .containsOnly(Map.entry(first.get(1), "a"), Map.entry(guids(2, 1).getFirst(), "b"));
        assertThat(agents().ownerOf(first.getFirst()).block()).isEqualTo("a");
        assertThat(state().count("agent_node")).isEqualTo(3);
        assertThat(agents().claimAll(List.of(), "b", T0).block()).isEmpty();
    }

    @Test
    default void moreNodesThanOneStatementTakesAreAllClaimed() {
        List<String> many = guids(0, 450);
        Map<String, String> owners = agents().claimAll(many, "a", T0).block();

        assertThat(owners).hasSize(450).allSatisfy((guid, owner) -> assertThat(owner).isEqualTo("a"));
        assertThat(state().count("agent_node")).isEqualTo(450);
    }

    @Test
    default void twoAgentsClaimingTheSameNodesAtOnceEachSeeTheOneOwnerEveryNodeGot() {
        for (int round = 0; round < 5; round++) {
            List<String> contested = guids(1_000 * round, 300);
            List<String> reversed = new ArrayList<>(contested.reversed());
            var both = Mono.zip(agents().claimAll(contested, "a", T0).subscribeOn(Schedulers.parallel()),
                    agents().claimAll(reversed, "b", T0).subscribeOn(Schedulers.parallel())).block();

            assertThat(both.getT1()).as("round %d", round).isEqualTo(both.getT2()).hasSize(300);
            Set<String> owners = new HashSet<>(both.getT1().values());
            assertThat(owners).isSubsetOf("a", "b");
            for (String guid : contested) {
                assertThat(agents().ownerOf(guid).block()).isEqualTo(both.getT1().get(guid));
            }
        }
    }
}
