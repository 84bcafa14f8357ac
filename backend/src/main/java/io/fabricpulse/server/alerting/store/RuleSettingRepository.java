package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateSql;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** The {@code alert_rule_setting} table: one row per rule and cluster. */
@Repository
public class RuleSettingRepository {

    private final DatabaseClient db;

    public RuleSettingRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Inserts or replaces the row for its rule and cluster (MERGE: H2 and PostgreSQL 15 both have it). */
    public Mono<Void> save(RuleSettingRow row) {
        return db.sql("MERGE INTO alert_rule_setting AS t USING (VALUES (:rule, :cluster, :settings, :at, :by)) "
                        + "AS s (rule, cluster_name, settings, updated_at, updated_by) "
                        + "ON t.rule = s.rule AND t.cluster_name = s.cluster_name "
                        + "WHEN MATCHED THEN UPDATE SET settings = s.settings, updated_at = s.updated_at, "
                        + "updated_by = s.updated_by "
                        + "WHEN NOT MATCHED THEN INSERT (rule, cluster_name, settings, updated_at, updated_by) "
                        + "VALUES (s.rule, s.cluster_name, s.settings, s.updated_at, s.updated_by)")
                .bind("rule", row.rule())
                .bind("cluster", row.cluster())
                .bind("settings", row.settings())
                .bind("at", StateSql.stored(row.updatedAt()))
                .bind("by", row.updatedBy())
                .then();
    }

    /** @return whether there was such a row */
    public Mono<Boolean> delete(String rule, String cluster) {
        return db.sql("DELETE FROM alert_rule_setting WHERE rule = :rule AND cluster_name = :cluster")
                .bind("rule", rule).bind("cluster", cluster).fetch().rowsUpdated().map(n -> n == 1);
    }

    public Flux<RuleSettingRow> all() {
        return db.sql("SELECT rule, cluster_name, settings, updated_at, updated_by FROM alert_rule_setting "
                        + "ORDER BY rule, cluster_name")
                .map(row -> new RuleSettingRow(StateSql.required(row, "rule", String.class),
                        StateSql.required(row, "cluster_name", String.class),
                        StateSql.required(row, "settings", String.class),
                        StateSql.required(row, "updated_at", Instant.class),
                        StateSql.required(row, "updated_by", String.class)))
                .all();
    }
}
