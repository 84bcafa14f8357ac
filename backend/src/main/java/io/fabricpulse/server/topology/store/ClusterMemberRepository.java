package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateSql;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code cluster_member} table: which nodes belong to which cluster groups. */
@Repository
public class ClusterMemberRepository {

    private final DatabaseClient db;
    private final TransactionalOperator transaction;

    public ClusterMemberRepository(DatabaseClient db, TransactionalOperator transaction) {
        this.db = db;
        this.transaction = transaction;
    }

    /**
     * Replaces all cluster groups by {@code members} in one transaction (a fabrics.conf import is the
     * whole truth about clusters). Repeated rows count once.
     *
     * @return how many memberships there are now
     */
    public Mono<Long> replaceAll(List<ClusterMemberRow> members) {
        return db.sql("DELETE FROM cluster_member").then()
                .then(insert(members.stream().distinct().toList()))
                .as(transaction::transactional);
    }

    /** Replaces the members of one cluster, in one transaction; an empty list removes the cluster. */
    public Mono<Long> replaceCluster(String cluster, List<String> nodeGuids) {
        return Mono.defer(() -> {
            List<ClusterMemberRow> rows = nodeGuids.stream().distinct()
                    .map(guid -> new ClusterMemberRow(cluster, guid)).toList();
            return db.sql("DELETE FROM cluster_member WHERE cluster_name = :cluster").bind("cluster", cluster).then()
                    .then(insert(rows))
                    .as(transaction::transactional);
        });
    }

    /** The clusters a node belongs to, by name. */
    public Flux<String> clustersOf(String nodeGuid) {
        return db.sql("SELECT cluster_name FROM cluster_member WHERE node_guid = :guid ORDER BY cluster_name")
                .bind("guid", nodeGuid)
                .map(row -> StateSql.required(row, "cluster_name", String.class))
                .all();
    }

    /** The GUIDs of a cluster's nodes, sorted. */
    public Flux<String> members(String cluster) {
        return db.sql("SELECT node_guid FROM cluster_member WHERE cluster_name = :cluster ORDER BY node_guid")
                .bind("cluster", cluster)
                .map(row -> StateSql.required(row, "node_guid", String.class))
                .all();
    }

    /** Every membership, by cluster then GUID. */
    public Flux<ClusterMemberRow> all() {
        return db.sql("SELECT cluster_name, node_guid FROM cluster_member ORDER BY cluster_name, node_guid")
                .map(row -> new ClusterMemberRow(StateSql.required(row, "cluster_name", String.class),
                        StateSql.required(row, "node_guid", String.class)))
                .all();
    }

    private Mono<Long> insert(List<ClusterMemberRow> rows) {
        return Flux.fromIterable(StateSql.chunks(rows)).concatMap(chunk -> {
            DatabaseClient.GenericExecuteSpec insert = db.sql("INSERT INTO cluster_member (cluster_name, node_guid) VALUES "
                    + StateSql.values(chunk.size(), "c", "g"));
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                values.put("c" + i, chunk.get(i).cluster());
                values.put("g" + i, chunk.get(i).nodeGuid());
            }
            return insert.bindValues(values).fetch().rowsUpdated();
        }).reduce(0L, Long::sum);
    }
}
