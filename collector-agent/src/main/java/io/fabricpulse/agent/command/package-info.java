/**
 * Orders from the server (issue 22): they arrive in the answers to the agent's own pushes
 * ({@link io.fabricpulse.agent.command.CommandHandler}), are checked against what this agent reads
 * ({@link io.fabricpulse.agent.command.KnownPorts}), its configuration ({@link io.fabricpulse.agent.command.CommandPolicy})
 * and their expiry, executed at most once each with MADs ({@link io.fabricpulse.agent.command.MadPortActions}), and
 * answered on {@code POST /api/v1/ingest/commands/{id}} ({@link io.fabricpulse.agent.command.AnswerClient}).
 */
package io.fabricpulse.agent.command;
