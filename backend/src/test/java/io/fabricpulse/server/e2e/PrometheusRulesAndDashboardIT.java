package io.fabricpulse.server.e2e;

import io.fabricpulse.server.testing.PrometheusServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 3: every PromQL expression of the Grafana dashboard and of the recording and alerting rules
 * in {@code monitoring/} runs against a real Prometheus scraping a real server with the demo fabric
 * (its scripted faults: symbol and receive errors, congested uplinks, a flapping and a degraded link),
 * and each must return series. A dashboard panel or rule that returns nothing fails here.
 */
class PrometheusRulesAndDashboardIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path MONITORING = Path.of("..", "monitoring");
    static final Path RULES = MONITORING.resolve("prometheus/fabricpulse-rules.yml");
    static final Path DASHBOARD = MONITORING.resolve("grafana/fabricpulse-fabric.json");
    /** The flapping link goes down 40 s into every minute of the demo: everything is there within three, four minutes for a loaded machine. */
    private static final Duration PATIENCE = Duration.ofMinutes(4);
    private static final Pattern EXPR = Pattern.compile("(?m)^\\s*expr:\\s*(>-\\s*\\n((?:\\s{10,}.*\\n?)+)|(.+))$");
    private static final Pattern RECORD = Pattern.compile("(?m)^\\s*- record:\\s*(\\S+)\\s*$");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.*),\\s*(\\w+)\\)");

    @Test
    void everyDashboardAndRuleExpressionReturnsSeriesForTheDemoFabric(@TempDir Path dir) throws Exception {
        PromTool.checkRules(RULES);
        String rules = Files.readString(RULES);
        int port = ServerProcess.freePort();
        try (ServerProcess server = ServerProcess.start(dir.resolve("data"), port, "server.log", List.of(
                "fabricpulse.demo.enabled=true", "fabricpulse.demo.interval=2s")).awaitReady(Duration.ofMinutes(2));
             PrometheusServer prometheus = PrometheusServer.start("""
                     global:
                       scrape_interval: 5s
                       scrape_timeout: 5s
                       evaluation_interval: 5s
                     rule_files:
                       - CONFIG_DIR/fabricpulse-rules.yml
                     scrape_configs:
                       - job_name: fabricpulse
                         metrics_path: /metrics/fabric
                         static_configs:
                           - targets: ['127.0.0.1:%d']
                     """.formatted(port), Map.of("fabricpulse-rules.yml", rules))) {
            PromQlCalls promQl = new PromQlCalls(prometheus);
            Map<String, String> expressions = new LinkedHashMap<>();
            ruleExpressions(rules).forEach(e -> expressions.put(e, "rule"));
            RECORD.matcher(rules).results().forEach(r -> expressions.put(r.group(1), "recorded series"));

            Instant deadline = Instant.now().plus(PATIENCE);
            Map<String, String> variables = dashboardVariables(promQl, deadline);
            dashboardExpressions(variables).forEach((expr, panel) -> expressions.put(expr, "panel '" + panel + "'"));
            assertThat(expressions).hasSizeGreaterThan(30);

            Set<String> empty = new LinkedHashSet<>(expressions.keySet());
            Instant asked = Instant.now();
            while (!empty.isEmpty() && Instant.now().isBefore(deadline)) {
                empty.removeIf(expr -> {
                    boolean answered = promQl.series(expr) > 0;
                    if (answered) { // what a run waits for: the last of these lines
                        System.out.printf("series after %d s: %s%n", Duration.between(asked, Instant.now()).toSeconds(), expr);
                    }
                    return answered;
                });
                if (!empty.isEmpty()) {
                    Thread.sleep(2_000); // real time: the demo's faults and Prometheus' scrapes must happen
                }
            }
            List<String> failures = new ArrayList<>();
            empty.forEach(expr -> failures.add(expressions.get(expr) + ": " + expr));
            assertThat(failures).as("expressions that returned no series for the demo fabric within %s "
                    + "(variables %s); server log tail:%n%s", PATIENCE, variables, tail(server.log())).isEmpty();
        }
    }

    /** Every {@code expr:} of the rule file, folded ({@code >-}) ones joined into one line. */
    static List<String> ruleExpressions(String rules) {
        List<String> found = new ArrayList<>();
        Matcher m = EXPR.matcher(rules);
        while (m.find()) {
            found.add((m.group(2) != null ? m.group(2) : m.group(3)).replaceAll("\\s+", " ").strip());
        }
        return found;
    }

    /** The dashboard's variables resolved as Grafana would pick them first: $cluster = All. */
    private static Map<String, String> dashboardVariables(PromQlCalls promQl, Instant deadline) throws Exception {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("__rate_interval", "1m");
        for (JsonNode variable : JSON.readTree(Files.readString(DASHBOARD)).path("templating").path("list")) {
            String name = variable.path("name").asString();
            if (variable.path("includeAll").asBoolean()) {
                values.put(name, variable.path("allValue").asString());
                continue;
            }
            Matcher query = LABEL_VALUES.matcher(substitute(variable.path("query").path("query").asString(), values));
            assertThat(query.matches()).as("variable %s is a label_values() query", name).isTrue();
            String value = null;
            while (value == null && Instant.now().isBefore(deadline)) {
                TreeSet<String> found = new TreeSet<>(promQl.labelValues(query.group(1), query.group(2)));
                found.remove("");
                value = found.isEmpty() ? null : found.first();
                if (value == null) {
                    Thread.sleep(1_000);
                }
            }
            assertThat(value).as("variable %s (%s) has values", name, query.group()).isNotNull();
            values.put(name, value);
        }
        return values;
    }

    /** Every target expression of every panel, with the variables put in, and the panel's title. */
    private static Map<String, String> dashboardExpressions(Map<String, String> variables) throws Exception {
        Map<String, String> expressions = new LinkedHashMap<>();
        for (JsonNode panel : JSON.readTree(Files.readString(DASHBOARD)).path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                expressions.put(substitute(target.path("expr").asString(), variables), panel.path("title").asString());
            }
        }
        return expressions;
    }

    private static String substitute(String expr, Map<String, String> values) {
        String out = expr;
        for (Map.Entry<String, String> value : values.entrySet()) {
            out = out.replace("$" + value.getKey(), value.getValue());
        }
        assertThat(out).as("no variable left in %s", expr).doesNotContain("$");
        return out;
    }

    private static String tail(String log) {
        return log.length() > 3000 ? log.substring(log.length() - 3000) : log;
    }
}
