package io.fabricpulse.server.security.token;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.security.Permission;
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

/** API tokens: stored hashed, apart from agent tokens, scoped, revocable, their use audited once per interval. */
public interface ApiTokenContract extends StateContract {

    Instant API_T0 = Instant.parse("2026-03-01T12:00:00.000000789Z");
    Duration API_CACHE = Duration.ofSeconds(30);
    Duration API_LAST_USED = Duration.ofMinutes(1);

    /** A store as one server replica has it: its own cache, the shared database. */
    private ApiTokenStore apiReplica(MutableClock clock) {
        return new ApiTokenStore(new ApiTokenRepository(state().client()), new AuditLogRepository(state().client()),
                state().transaction(), new SecureRandom(), clock, API_CACHE, API_LAST_USED);
    }

    private ApiTokenRepository.Stored apiRow(String secret) {
        return new ApiTokenRepository(state().client()).findByHash(AgentTokenSecrets.hash(secret)).block();
    }

    private List<AuditEntry> apiAudit() {
        return new AuditLogRepository(state().client()).recent(null, 100).collectList().block();
    }

    @Test
    default void anApiTokenSecretIsGivenOnceAndOnlyItsHashIsStored() {
        IssuedApiToken issued = apiReplica(new MutableClock(API_T0)).create(" jira ", Set.of(ApiScope.ACK), "admin")
                .block();

        assertThat(issued.secret()).startsWith("fp_").hasSize(3 + 43);
        assertThat(issued.toString()).doesNotContain(issued.secret());
        ApiTokenRepository.Stored row = apiRow(issued.secret());
        assertThat(row.tokenHash()).hasSize(64).isNotEqualTo(issued.secret());
        assertThat(row.token()).isEqualTo(new ApiToken(issued.token().id(), "jira", Set.of(ApiScope.ACK),
                Instant.parse("2026-03-01T12:00:00Z"), "admin", null, null));
        assertThat(apiAudit()).extracting(AuditEntry::actor, AuditEntry::action, AuditEntry::target, AuditEntry::detail)
                .containsExactly(tuple("admin", "api-token.create", "api-token:" + issued.token().id(),
                        "name=jira scopes=ack"));
    }

    @Test
    default void scopesGrantTheirPermissionsAndThoseBelow() {
        ApiTokenStore store = apiReplica(new MutableClock(API_T0));
        IssuedApiToken read = store.create("grafana", Set.of(ApiScope.READ), "admin").block();
        IssuedApiToken ack = store.create("jira", Set.of(ApiScope.ACK), "admin").block();
        IssuedApiToken admin = store.create("terraform", Set.of(ApiScope.ADMIN, ApiScope.READ), "admin").block();

        assertThat(store.authenticate(read.secret(), "GET /").block().permissions()).containsExactly(Permission.READ);
        assertThat(store.authenticate(ack.secret(), "GET /").block().permissions())
                .containsExactlyInAnyOrder(Permission.READ, Permission.ACK);
        assertThat(store.authenticate(admin.secret(), "GET /").block().permissions())
                .containsExactlyInAnyOrder(Permission.values());
        assertThat(store.list().map(ApiToken::name).collectList().block()).containsExactly("grafana", "jira", "terraform");
    }

    @Test
    default void onlyTheSecretAuthenticatesAndAgentTokensAreNotApiTokens() {
        MutableClock clock = new MutableClock(API_T0);
        ApiTokenStore store = apiReplica(clock);
        IssuedApiToken issued = store.create("jira", Set.of(ApiScope.ADMIN), "admin").block();
        AgentTokenStore agents = new AgentTokenStore(new AgentTokenRepository(state().client()),
                new AuditLogRepository(state().client()), state().transaction(),
                new AgentTokenSecrets(new SecureRandom()), clock, API_CACHE, API_LAST_USED);
        IssuedAgentToken agent = agents.issue("node042", Set.of(AgentTokenStore.INGEST), "admin").block();

        for (String wrong : List.of(issued.secret() + "x", issued.secret().substring(1), "", "fp_",
                AgentTokenSecrets.hash(issued.secret()), agent.secret(), "fp_" + agent.secret().substring(4))) {
            assertThat(store.authenticate(wrong, "GET /").blockOptional()).as(wrong).isEmpty();
        }
        assertThat(agents.authenticate(issued.secret()).blockOptional()).as("an API token does not ingest").isEmpty();
    }

    @Test
    default void aRevokedTokenStopsAtOnceHereAndWithinTheCacheTimeOnOtherReplicas() {
        MutableClock clock = new MutableClock(API_T0);
        ApiTokenStore busy = apiReplica(clock);
        ApiTokenStore other = apiReplica(clock);
        IssuedApiToken issued = busy.create("jira", Set.of(ApiScope.ACK), "admin").block();
        assertThat(busy.authenticate(issued.secret(), "GET /").blockOptional()).isPresent();
        assertThat(other.authenticate(issued.secret(), "GET /").blockOptional()).isPresent();

        assertThat(other.revoke(issued.token().id(), "boss").block()).isTrue();

        assertThat(other.authenticate(issued.secret(), "GET /").blockOptional()).as("at once where revoked").isEmpty();
        clock.advance(API_CACHE.minusSeconds(1));
        assertThat(busy.authenticate(issued.secret(), "GET /").blockOptional()).as("still cached").isPresent();
        clock.advance(Duration.ofSeconds(1));
        assertThat(busy.authenticate(issued.secret(), "GET /").blockOptional()).as("cache expired").isEmpty();
        assertThat(other.revoke(issued.token().id(), "boss").block()).as("revoked before").isFalse();
        assertThat(other.revoke(issued.token().id() + 1000, "boss").block()).as("no such token").isFalse();
        assertThat(apiRow(issued.secret()).token().revokedAt()).isEqualTo(Instant.parse("2026-03-01T12:00:00Z"));
        assertThat(apiAudit()).extracting(AuditEntry::actor, AuditEntry::action)
                .contains(tuple("boss", "api-token.revoke"));
    }

    @Test
    default void useIsRecordedAndAuditedOncePerIntervalAndNeverMovesBack() {
        MutableClock clock = new MutableClock(API_T0);
        ApiTokenStore store = apiReplica(clock);
        IssuedApiToken issued = store.create("jira", Set.of(ApiScope.ACK), "admin").block();
        Instant first = Instant.parse("2026-03-01T12:00:00Z");

        assertThat(store.authenticate(issued.secret(), "POST /api/v1/alerts/7/ack").block().lastUsedAt())
                .isEqualTo(API_T0);
        clock.advance(Duration.ofSeconds(59));
        store.authenticate(issued.secret(), "GET /api/v1/alerts").block();
        assertThat(apiRow(issued.secret()).token().lastUsedAt()).as("within the interval").isEqualTo(first);
        clock.advance(Duration.ofSeconds(1));
        store.authenticate(issued.secret(), "GET /api/v1/alerts/7").block();
        assertThat(apiRow(issued.secret()).token().lastUsedAt()).isEqualTo(first.plusSeconds(60));

        new ApiTokenRepository(state().client()).markUsed(issued.token().id(), first).block();
        assertThat(apiRow(issued.secret()).token().lastUsedAt()).as("a late replica does not move it back")
                .isEqualTo(first.plusSeconds(60));
        String actor = "token:jira#" + issued.token().id();
        assertThat(apiAudit()).filteredOn(entry -> entry.action().equals("api-token.use"))
                .extracting(AuditEntry::actor, AuditEntry::detail)
                .containsExactly(tuple(actor, "GET /api/v1/alerts/7"), tuple(actor, "POST /api/v1/alerts/7/ack"));
    }

    @Test
    default void invalidTokensAreRefusedAndStoreNothing() {
        ApiTokenStore store = apiReplica(new MutableClock(API_T0));

        assertThatThrownBy(() -> store.create(" ", Set.of(ApiScope.READ), "admin").block())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("API token name is required");
        assertThatThrownBy(() -> store.create("n".repeat(81), Set.of(ApiScope.READ), "admin").block())
                .hasMessage("API token name is 81 characters, at most 80");
        assertThatThrownBy(() -> store.create("ji\nra", Set.of(ApiScope.READ), "admin").block())
                .hasMessage("API token name contains a control character");
        assertThatThrownBy(() -> store.create("jira", Set.of(), "admin").block())
                .hasMessageContaining("at least one scope");
        assertThatThrownBy(() -> ApiScope.of("ingest")).hasMessage("unknown API token scope 'ingest'; known: read, ack, admin");

        assertThat(state().count("api_token")).isZero();
        assertThat(state().count("audit_log")).isZero();
    }
}
