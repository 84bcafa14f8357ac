/**
 * The admin settings pages under {@code /settings} (admins only, see {@code security.AccessRules}): alert
 * rules and their thresholds per cluster, webhooks with "send test", API tokens, node names and clusters,
 * and the topology baseline. The pages only read; their forms send JSON or the uploaded file to the
 * existing API ({@code /api/v1/alerts/rules}, {@code /api/v1/webhooks}, {@code /api/v1/tokens},
 * {@code /api/v1/names}, {@code /api/v1/clusters}, {@code /api/v1/topology/baseline}) through
 * {@code /js/settings.js}, so every change is checked and audited in one place for people and programs.
 */
package io.fabricpulse.server.web.settings;
