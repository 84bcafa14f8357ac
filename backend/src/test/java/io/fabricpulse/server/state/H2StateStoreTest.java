package io.fabricpulse.server.state;

import io.fabricpulse.server.agents.AgentNodeContract;
import io.fabricpulse.server.alerting.store.AlertStoreContract;
import io.fabricpulse.server.fabric.counterclear.CounterClearContract;
import io.fabricpulse.server.jobs.store.JobHistoryContract;
import io.fabricpulse.server.security.InitialAdminPasswordContract;
import io.fabricpulse.server.security.audit.AuditLogContract;
import io.fabricpulse.server.security.token.AgentTokenContract;
import io.fabricpulse.server.security.token.ApiTokenContract;
import io.fabricpulse.server.sm.store.SubnetManagerContract;
import io.fabricpulse.server.topology.store.CableHistoryContract;
import io.fabricpulse.server.topology.store.ClusterMemberContract;
import io.fabricpulse.server.topology.store.NodeNameContract;
import io.fabricpulse.server.topology.store.TopologyBaselineContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;

/** The state store's contract suite on H2, the default database: a new in-memory database for the class. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class H2StateStoreTest implements MigrationContract, AgentTokenContract, CounterClearContract, NodeNameContract,
        ClusterMemberContract, TopologyBaselineContract, AuditLogContract,
        ApiTokenContract, InitialAdminPasswordContract, AlertStoreContract, CableHistoryContract,
        SubnetManagerContract, JobHistoryContract, AgentNodeContract {

    private final StateDatabase state = StateDatabase.h2();

    @Override
    public StateDatabase state() {
        return state;
    }

    @AfterAll
    void close() {
        state.close();
    }
}
