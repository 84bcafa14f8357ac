/**
 * The alerts REST API, {@code /api/v1/alerts}: list and detail, acknowledge with a ticket reference,
 * comment, resolve; silences; rule settings. Reads come from the state store (what every replica
 * shares); every change is recorded in the audit log with the signed-in user's name.
 */
package io.fabricpulse.server.alerting.api;
