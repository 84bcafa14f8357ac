package io.fabricpulse.server.security.token;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.state.StateContract;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** Issued agent tokens: stored hashed, found by the secret, revocable, with a throttled last-used time. */
public interface AgentTokenContract extends StateContract {

    Instant TOKENS_T0 = Instant.parse("2026-03-01T12:00:00.000000789Z");
    Duration CACHE = Duration.ofSeconds(30);
    Duration LAST_USED = Duration.ofMinutes(1);

    /** A store as one server replica has it: its own cache, the shared database. */
    private AgentTokenStore replica(MutableClock clock) {
        return new AgentTokenStore(new AgentTokenRepository(state().client()), new AuditLogRepository(state().client()),
                state().transaction(), new AgentTokenSecrets(new SecureRandom()), clock, CACHE, LAST_USED);
    }

    private HashedTokenTable.Row stored(long id) {
        return new AgentTokenRepository(state().client()).findById(id).block();
    }

    @Test
    default void theSecretIsGivenOnceAndOnlyItsHashIsStored() {
        IssuedAgentToken issued = replica(new MutableClock(TOKENS_T0)).issue("node042", Set.of("ingest"), "admin").block();

        assertThat(issued.secret()).startsWith("fpa_").hasSize(4 + 43);
        assertThat(issued.toString()).doesNotContain(issued.secret());
        HashedTokenTable.Row row = stored(issued.token().id());
        assertThat(row.tokenHash()).isEqualTo(AgentTokenSecrets.hash(issued.secret())).hasSize(64)
                .isNotEqualTo(issued.secret());
        assertThat(row.name()).isEqualTo("node042");
        assertThat(row.scopes()).containsExactly("ingest");
        assertThat(row.createdAt()).isEqualTo(Instant.parse("2026-03-01T12:00:00Z"));
        assertThat(row.createdBy()).isEqualTo("admin");
        assertThat(row.lastUsedAt()).isNull();
        assertThat(row.revokedAt()).isNull();
    }

    @Test
    default void twoTokensNeverShareASecret() {
        AgentTokenStore store = replica(new MutableClock(TOKENS_T0));
        IssuedAgentToken first = store.issue("a", Set.of("ingest"), "admin").block();
        IssuedAgentToken second = store.issue("a", Set.of("ingest"), "admin").block();

        assertThat(first.secret()).isNotEqualTo(second.secret());
        assertThat(store.list().collectList().block()).extracting(AgentToken::id)
                .containsExactly(first.token().id(), second.token().id());
    }

    @Test
    default void theSecretAuthenticatesAndNothingElseDoes() {
        AgentTokenStore store = replica(new MutableClock(TOKENS_T0));
        IssuedAgentToken issued = store.issue("node042", Set.of("ingest"), "admin").block();

        assertThat(store.authenticate(issued.secret()).block()).isEqualTo(
                new AgentToken(issued.token().id(), "node042", Set.of("ingest"), issued.token().createdAt(), "admin",
                        null, null));
        for (String wrong : List.of(issued.secret() + "x", issued.secret().substring(1), "", "fpa_",
                AgentTokenSecrets.hash(issued.secret()))) {
            assertThat(store.authenticate(wrong).blockOptional()).as(wrong).isEmpty();
        }
    }

    @Test
    default void issuingAndRevokingAreAuditedAndARevokedTokenStopsAtOnce() {
        MutableClock clock = new MutableClock(TOKENS_T0);
        AgentTokenStore store = replica(clock);
        IssuedAgentToken issued = store.issue("node042", Set.of("ingest"), "admin").block();
        assertThat(store.authenticate(issued.secret()).blockOptional()).isPresent();
        clock.advance(Duration.ofSeconds(5));

        assertThat(store.revoke(issued.token().id(), "operator").block()).isTrue();

        assertThat(store.authenticate(issued.secret()).blockOptional()).isEmpty();
        assertThat(store.revoke(issued.token().id(), "operator").block()).as("revoked before").isFalse();
        assertThat(store.revoke(issued.token().id() + 1000, "operator").block()).as("no such token").isFalse();
        assertThat(stored(issued.token().id()).revokedAt()).isEqualTo(Instant.parse("2026-03-01T12:00:05Z"));
        assertThat(store.countActive().block()).isZero();
        String target = "agent-token:" + issued.token().id();
        assertThat(new AuditLogRepository(state().client()).recent(null, 10).collectList().block())
                .extracting(AuditEntry::actor, AuditEntry::action, AuditEntry::target)
                .containsExactly(tuple("operator", "agent-token.revoke", target), tuple("admin", "agent-token.issue", target));
    }

    @Test
    default void aRevocationThroughAnotherReplicaTakesEffectWhenTheCacheExpires() {
        MutableClock clock = new MutableClock(TOKENS_T0);
        AgentTokenStore busy = replica(clock);
        AgentTokenStore other = replica(clock);
        IssuedAgentToken issued = busy.issue("node042", Set.of("ingest"), "admin").block();
        assertThat(busy.authenticate(issued.secret()).blockOptional()).isPresent();

        other.revoke(issued.token().id(), "operator").block();

        clock.advance(CACHE.minusSeconds(1));
        assertThat(busy.authenticate(issued.secret()).blockOptional()).as("still cached").isPresent();
        clock.advance(Duration.ofSeconds(1));
        assertThat(busy.authenticate(issued.secret()).blockOptional()).as("cache expired").isEmpty();
    }

    @Test
    default void lastUsedIsWrittenAtMostOncePerIntervalAndNeverMovesBack() {
        MutableClock clock = new MutableClock(TOKENS_T0);
        AgentTokenStore store = replica(clock);
        long unused = store.issue("node042", Set.of("ingest"), "admin").block().token().id();
        IssuedAgentToken issued = store.issue("node043", Set.of("ingest"), "admin").block();
        String secret = issued.secret();
        long id = issued.token().id();

        store.authenticate(secret).block();
        Instant first = Instant.parse("2026-03-01T12:00:00Z");
        assertThat(stored(id).lastUsedAt()).isEqualTo(first);

        clock.advance(Duration.ofSeconds(59));
        store.authenticate(secret).block();
        assertThat(stored(id).lastUsedAt()).as("within the interval").isEqualTo(first);

        clock.advance(Duration.ofSeconds(1));
        store.authenticate(secret).block();
        assertThat(stored(id).lastUsedAt()).isEqualTo(first.plusSeconds(60));

        new AgentTokenRepository(state().client()).markUsed(id, first).block();
        assertThat(stored(id).lastUsedAt()).as("a late replica does not move it back").isEqualTo(first.plusSeconds(60));
        assertThat(stored(unused).lastUsedAt()).as("the unused token").isNull();
    }

    @Test
    default void invalidRequestsAreRefusedAndStoreNothing() {
        AgentTokenStore store = replica(new MutableClock(TOKENS_T0));

        assertThatThrownBy(() -> store.issue(" ", Set.of("ingest"), "admin").block())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("agent token name is required");
        assertThatThrownBy(() -> store.issue("n".repeat(101), Set.of("ingest"), "admin").block())
                .hasMessage("agent token name is 101 characters, at most 100");
        assertThatThrownBy(() -> store.issue("node\n42", Set.of("ingest"), "admin").block())
                .hasMessage("agent token name contains a control character");
        assertThatThrownBy(() -> store.issue("node42", Set.of(), "admin").block())
                .hasMessageContaining("at least one scope");
        assertThatThrownBy(() -> store.issue("node42", Set.of("Ingest"), "admin").block())
                .hasMessageContaining("scope 'Ingest' is not a lower-case word");
        assertThatThrownBy(() -> store.issue("node42", Set.of("ingest"), "").block())
                .hasMessage("issuing actor is required");

        assertThat(state().count("agent_token")).isZero();
        assertThat(state().count("audit_log")).isZero();
    }

    @Test
    default void severalScopesAreKeptAndATokenOnlyAllowsItsOwn() {
        AgentTokenStore store = replica(new MutableClock(TOKENS_T0));
        IssuedAgentToken issued = store.issue("discoverer", Set.of("ingest", "discover"), "admin").block();
        IssuedAgentToken readOnly = store.issue("reader", Set.of("read"), "admin").block();

        AgentToken found = store.authenticate(issued.secret()).block();
        assertThat(found.scopes()).containsExactlyInAnyOrder("ingest", "discover");
        assertThat(found.allows("ingest")).isTrue();
        assertThat(store.authenticate(readOnly.secret()).block().allows("ingest")).isFalse();
    }
}
