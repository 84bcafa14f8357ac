package io.fabricpulse.server.state;

import io.fabricpulse.server.agents.AgentNodeContract;
import io.fabricpulse.server.alerting.store.AlertStoreContract;
import io.fabricpulse.server.fabric.counterclear.CounterClearContract;
import io.fabricpulse.server.jobs.store.JobHistoryContract;
import io.fabricpulse.server.security.InitialAdminPasswordContract;
import io.fabricpulse.server.security.audit.AuditLogContract;
import io.fabricpulse.server.security.token.AgentTokenContract;
import io.fabricpulse.server.security.token.ApiTokenContract;
import io.fabricpulse.server.testing.RealPostgres;
import io.fabricpulse.server.sm.store.SubnetManagerContract;
import io.fabricpulse.server.topology.store.CableHistoryContract;
import io.fabricpulse.server.topology.store.ClusterMemberContract;
import io.fabricpulse.server.topology.store.NodeNameContract;
import io.fabricpulse.server.topology.store.TopologyBaselineContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The state store's contract suite on a real PostgreSQL (Debian's postgresql package, a private
 * cluster started by {@link RealPostgres}), over TCP with a password like production.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresStateStoreIT implements MigrationContract, AgentTokenContract, CounterClearContract, NodeNameContract,
        ClusterMemberContract, TopologyBaselineContract, AuditLogContract,
        ApiTokenContract, InitialAdminPasswordContract, AlertStoreContract, CableHistoryContract,
        SubnetManagerContract, JobHistoryContract, AgentNodeContract {

    @RegisterExtension
    static final RealPostgres postgres = new RealPostgres();

    private StateDatabase state;

    @BeforeAll
    void open() {
        state = StateDatabase.postgres(postgres.database());
    }

    @Override
    public StateDatabase state() {
        return state;
    }

    @AfterAll
    void close() {
        if (state != null) {
            state.close();
        }
    }
}
