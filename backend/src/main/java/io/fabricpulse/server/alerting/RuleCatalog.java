package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.rules.CounterIncreaseRule;
import io.fabricpulse.server.alerting.rules.CounterSaturatedRule;
import io.fabricpulse.server.alerting.rules.LinkDegradedRule;
import io.fabricpulse.server.alerting.rules.PortNotActiveRule;
import io.fabricpulse.server.alerting.rules.PortRule;
import io.fabricpulse.server.alerting.rules.RuleDefinition;
import io.fabricpulse.server.alerting.rules.SymbolErrorBerRule;
import io.fabricpulse.server.alerting.rules.SymbolErrorBurstRule;
import io.fabricpulse.server.alerting.rules.XmitWaitShareRule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every rule there is: those evaluated on port samples, and those fed by timers or other features. */
public final class RuleCatalog {

    public static final String AGENT_SILENT = "agent-silent";
    public static final String TOPOLOGY_CHANGED = "topology-changed";
    public static final String SM_MASTER = "sm-master";
    public static final String SM_NO_MASTER = "sm-no-master";
    public static final String SM_HUNG = "sm-hung";

    private final List<PortRule> portRules;
    private final Map<String, RuleDefinition> all = new LinkedHashMap<>();

    public RuleCatalog() {
        List<PortRule> rules = new ArrayList<>();
        rules.add(new SymbolErrorBerRule());
        rules.add(new SymbolErrorBurstRule());
        rules.addAll(CounterIncreaseRule.ibqueryerrorsList());
        rules.add(new XmitWaitShareRule());
        rules.add(new LinkDegradedRule());
        rules.add(new PortNotActiveRule());
        rules.add(new CounterSaturatedRule());
        this.portRules = List.copyOf(rules);
        portRules.forEach(rule -> all.put(rule.name(), rule));
        add(AGENT_SILENT, "An agent sent nothing for 'threshold' of its usual intervals and at least 'window'",
                new RuleSettings(true, Severity.WARNING, 3.0, Duration.ofSeconds(10), null, null, Duration.ZERO, null));
        add(TOPOLOGY_CHANGED, "The fabric differs from the topology baseline: a node or cable added, missing, "
                        + "moved or degraded, a port's state changed (raised per change by the topology feature)",
                new RuleSettings(true, Severity.WARNING, null, null, null, null, Duration.ZERO, null));
        // Window: 3 of the agents' default 10 s intervals, so an SM handover (the new master answers within a
        // sweep) does not look like two masters.
        add(SM_MASTER, "More than one SM answers SMInfo as master within 'window', for at least 'window' (a split "
                        + "subnet); or the master is another SM than before, also across a restart (open for 'longWindow')",
                new RuleSettings(true, Severity.CRITICAL, null, Duration.ofSeconds(30), null, Duration.ofMinutes(5),
                        Duration.ZERO, null));
        // Window: longer than an SM failover (opensm's standby declares the master dead after about 40 s of
        // unanswered polls and then takes over), so a handover does not raise it.
        add(SM_NO_MASTER, "Agents ask SMInfo and no SM has answered as master for 'window'",
                new RuleSettings(true, Severity.CRITICAL, null, Duration.ofMinutes(2), null, null, Duration.ZERO, null));
        // Window: 12 of opensm's default 10 s sweeps; threshold: the fewest readings (agent queries) in it to judge.
        add(SM_HUNG, "Over the last 'window' (at least 'threshold' SMInfo readings) the master SM's ActCount moved by no "
                        + "more than the queries it answered: it sends no SMPs of its own (no sweeps)",
                new RuleSettings(true, Severity.CRITICAL, 6.0, Duration.ofMinutes(2), null, null, Duration.ZERO, null));
    }

    /** Every rule there is. */
    public static RuleCatalog standard() {
        return new RuleCatalog();
    }

    public List<PortRule> portRules() {
        return portRules;
    }

    /** Every rule by name, in a stable order. */
    public Map<String, RuleDefinition> all() {
        return all;
    }

    public RuleDefinition get(String name) {
        return all.get(name);
    }

    private void add(String name, String description, RuleSettings defaults) {
        all.put(name, new RuleDefinition() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public RuleSettings defaults() {
                return defaults;
            }
        });
    }
}
