package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.AlertNotice.Severity;
import io.fabricpulse.server.notify.ChannelType;
import io.fabricpulse.server.notify.WebhookSpec;
import io.fabricpulse.server.notify.WebhookTarget;
import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/** The {@code webhook} table: webhooks added through the API. Clusters are one space-separated, sorted text. */
@Repository
public class WebhookRepository {

    private static final String COLUMNS = "id, name, type, url, secret, min_severity, clusters, enabled";

    private final DatabaseClient db;

    public WebhookRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores a new webhook; joins the caller's transaction when there is one. */
    public Mono<WebhookTarget> insert(String name, WebhookSpec spec, Instant now) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("INSERT INTO webhook (name, type, url, secret, min_severity, "
                        + "clusters, created_at, updated_at) VALUES (:name, :type, :url, :secret, :severity, :clusters, :now, :now)")
                .bind("name", name)
                .bind("type", spec.type().name())
                .bind("url", spec.url().toString())
                .bind("severity", spec.minSeverity().name())
                .bind("clusters", clustersText(spec.clusters()))
                .bind("now", StateSql.stored(now));
        return StateSql.bind(insert, "secret", spec.secret(), String.class)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new WebhookTarget(Long.toString(id), name, spec, false, true));
    }

    /** Replaces a webhook's settings; emits whether it existed. */
    public Mono<Boolean> update(long id, String name, WebhookSpec spec, Instant now) {
        DatabaseClient.GenericExecuteSpec update = db.sql("UPDATE webhook SET name = :name, type = :type, url = :url, "
                        + "secret = :secret, min_severity = :severity, clusters = :clusters, updated_at = :now WHERE id = :id")
                .bind("name", name)
                .bind("type", spec.type().name())
                .bind("url", spec.url().toString())
                .bind("severity", spec.minSeverity().name())
                .bind("clusters", clustersText(spec.clusters()))
                .bind("now", StateSql.stored(now))
                .bind("id", id);
        return StateSql.bind(update, "secret", spec.secret(), String.class).fetch().rowsUpdated().map(rows -> rows == 1);
    }

    /** Switches a webhook on or off; emits whether it existed. */
    public Mono<Boolean> setEnabled(long id, boolean enabled, Instant now) {
        return db.sql("UPDATE webhook SET enabled = :enabled, updated_at = :now WHERE id = :id")
                .bind("enabled", enabled)
                .bind("now", StateSql.stored(now))
                .bind("id", id)
                .fetch().rowsUpdated().map(rows -> rows == 1);
    }

    public Mono<Boolean> delete(long id) {
        return db.sql("DELETE FROM webhook WHERE id = :id").bind("id", id).fetch().rowsUpdated().map(rows -> rows == 1);
    }

    public Mono<WebhookTarget> findById(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM webhook WHERE id = :id").bind("id", id)
                .map(WebhookRepository::target).one();
    }

    /** Every stored webhook, oldest first. */
    public Flux<WebhookTarget> findAll() {
        return Flux.defer(() -> db.sql("SELECT " + COLUMNS + " FROM webhook ORDER BY id").map(WebhookRepository::target).all());
    }

    private static String clustersText(Set<String> clusters) {
        return String.join(" ", new TreeSet<>(clusters));
    }

    private static WebhookTarget target(Readable row) {
        String clusters = StateSql.required(row, "clusters", String.class);
        WebhookSpec spec = new WebhookSpec(
                ChannelType.valueOf(StateSql.required(row, "type", String.class)),
                URI.create(StateSql.required(row, "url", String.class)),
                row.get("secret", String.class),
                Severity.valueOf(StateSql.required(row, "min_severity", String.class)),
                clusters.isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(clusters.split(" "))));
        return new WebhookTarget(Long.toString(StateSql.required(row, "id", Long.class)),
                StateSql.required(row, "name", String.class), spec, false,
                StateSql.required(row, "enabled", Boolean.class));
    }
}
