package io.fabricpulse.deploy;

import com.marcnuri.helm.TemplateCommand;
import org.junit.jupiter.api.Test;

import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** values.schema.json: what cannot work is refused before anything is created, naming the value. */
class ChartSchemaTest {

    private final HelmChart chart = new HelmChart(DeployBuild.current().chart());

    @Test
    void theSchemaRefusesSeveralReplicasOnTheEmbeddedStateStoreOrOneSharedClaim() {
        assertRefused(c -> c.set("server.replicas", 2), "/stateStore/type");
        assertRefused(c -> c.set("server.replicas", 2).set("stateStore.type", "postgresql")
                .set("stateStore.postgresql.url", "r2dbc:postgresql://db:5432/fp")
                .set("stateStore.postgresql.password", "pw")
                .set("server.persistence.existingClaim", "one-claim"), "/server/persistence/existingClaim");
    }

    @Test
    void theSchemaRefusesValuesThatCannotWork() {
        assertRefused(c -> c.set("server.replica", 2), "'replica'");
        assertRefused(c -> c.set("agent.source", "auto"), "/agent/source");
        assertRefused(c -> c.set("agent.interval", "10"), "/agent/interval");
        assertRefused(c -> c.set("server.logFormat", "json"), "/server/logFormat");
        assertRefused(c -> c.set("stateStore.type", "postgresql"), "/stateStore/postgresql");
        assertRefused(c -> c.set("seriesStore.type", "influxdb").set("seriesStore.influxdb.url", "influxdb:8086")
                .set("seriesStore.influxdb.token", "t"), "/seriesStore/influxdb/url");
        assertRefused(c -> c.set("seriesStore.type", "prometheus")
                .set("seriesStore.prometheus.writeUrl", "victoria-metrics:8428/api/v1/write")
                .set("seriesStore.prometheus.queryUrl", "http://victoria-metrics:8428"), "/seriesStore/prometheus/writeUrl");
        assertRefused(c -> c.set("seriesStore.type", "prometheus"), "/seriesStore/prometheus");
        assertRefused(c -> c.set("auth.agentToken", "has blanks"), "/auth/agentToken");
        assertRefused(c -> c.set("server.persistence.size", "twenty"), "/server/persistence/size");
    }


    private void assertRefused(UnaryOperator<TemplateCommand> values, String mentioned) {
        assertThatThrownBy(() -> chart.renderText(values))
                .as("values that must be refused")
                .hasMessageContaining("values don't meet the specifications of the schema")
                .hasMessageContaining(mentioned);
    }
}
