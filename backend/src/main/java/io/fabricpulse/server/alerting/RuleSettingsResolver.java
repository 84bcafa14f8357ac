package io.fabricpulse.server.alerting;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The settings in force for a rule on a cluster, from five layers, highest first: the API's
 * setting for the cluster, the API's setting for all clusters, application.yml's
 * {@code clusters.<cluster>.<rule>}, application.yml's {@code rules.<rule>}, the built-in default.
 * Answers from a cache (ingest asks per port and rule); new API settings replace the cache.
 */
public final class RuleSettingsResolver {

    /** The cluster name of "every cluster" in stored settings. */
    public static final String ALL_CLUSTERS = "";

    private final RuleCatalog catalog;
    private final AlertsProperties properties;
    private volatile Map<StoredKey, RuleSettings> stored = Map.of();
    /** By cluster ({@link #ALL_CLUSTERS} for none), by rule: looked up per port and rule without a key object. */
    private final Map<String, Map<String, RuleSettings>> effective = new ConcurrentHashMap<>();

    /** A stored setting's identity: rule and cluster ({@link #ALL_CLUSTERS} for all). */
    public record StoredKey(String rule, String cluster) {
    }

    public RuleSettingsResolver(RuleCatalog catalog, AlertsProperties properties) {
        this.catalog = catalog;
        this.properties = properties;
    }

    /** @param cluster the node's cluster, null when it belongs to none */
    public RuleSettings effective(String rule, String cluster) {
        String on = cluster == null ? ALL_CLUSTERS : cluster;
        Map<String, RuleSettings> byRule = effective.get(on);
        if (byRule == null) {
            byRule = effective.computeIfAbsent(on, unused -> new ConcurrentHashMap<>());
        }
        RuleSettings settings = byRule.get(rule);
        if (settings == null) {
            settings = resolve(new StoredKey(rule, on));
            byRule.put(rule, settings);
        }
        return settings;
    }

    /** Replaces the settings stored through the API (read from the state store). */
    public void replaceStored(Map<StoredKey, RuleSettings> settings) {
        if (!settings.equals(stored)) {
            stored = Map.copyOf(settings);
            effective.clear();
        }
    }

    /** Whether the catalogue has a rule of that name. */
    public boolean knows(String rule) {
        return catalog.get(rule) != null;
    }

    public Map<StoredKey, RuleSettings> stored() {
        return stored;
    }

    private RuleSettings resolve(StoredKey key) {
        RuleSettings settings = catalog.get(key.rule()).defaults();
        settings = properties.rules().getOrDefault(key.rule(), RuleSettings.NONE).over(settings);
        if (!key.cluster().isEmpty()) {
            settings = properties.clusters().getOrDefault(key.cluster(), Map.of())
                    .getOrDefault(key.rule(), RuleSettings.NONE).over(settings);
        }
        Map<StoredKey, RuleSettings> api = stored;
        settings = api.getOrDefault(new StoredKey(key.rule(), ALL_CLUSTERS), RuleSettings.NONE).over(settings);
        if (!key.cluster().isEmpty()) {
            settings = api.getOrDefault(key, RuleSettings.NONE).over(settings);
        }
        return settings;
    }
}
