/** The audit log: who did what to what, and when; append-only. */
package io.fabricpulse.server.security.audit;
