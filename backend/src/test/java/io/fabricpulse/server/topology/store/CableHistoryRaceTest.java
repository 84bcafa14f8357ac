package io.fabricpulse.server.topology.store;

import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcRollbackException;
import io.r2dbc.spi.R2dbcTransientException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.r2dbc.connection.ConnectionFactoryUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which failures of a cable-history statement are a race lost to another replica, worth running the statement once
 * more. Each failure is the driver's exception as r2dbc-postgresql 1.1 throws it for the SQL state, turned into
 * Spring's as {@code DatabaseClient} turns it.
 */
class CableHistoryRaceTest {

    @Test
    void aDuplicateKeyIsARaceForANewRow() {
        assertThat(lost(new R2dbcDataIntegrityViolationException("duplicate key", "23505"))).isTrue();
    }

    @Test
    void aSerializationFailureIsARace() {
        assertThat(lost(new R2dbcRollbackException("could not serialize access", "40001"))).isTrue();
    }

    @Test
    void aPostgresDeadlockIsARaceThoughSpringLeavesItUncategorized() {
        // r2dbc-postgresql throws a subclass of its own of the plain transient exception for class 40 but 40000/40001.
        assertThat(lost(new R2dbcTransientException("deadlock detected", "40P01") { })).isTrue();
    }

    @Test
    void otherTransientFaultsAreNotRaces() {
        assertThat(lost(new R2dbcTransientException("cannot connect now", "57P03") { })).isFalse();
        assertThat(lost(new R2dbcTransientException("no state given") { })).isFalse();
    }

    @Test
    void aBrokenStatementIsNotARace() {
        assertThat(lost(new R2dbcDataIntegrityViolationException("null value in column", "23502"))).isFalse();
        assertThat(CableHistoryRepository.lostRace(new IllegalStateException("a bug"))).isFalse();
    }

    private static boolean lost(R2dbcException driver) {
        DataAccessException spring = ConnectionFactoryUtils.convertR2dbcException("save", "MERGE", driver);
        return CableHistoryRepository.lostRace(spring);
    }
}
