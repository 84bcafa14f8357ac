/**
 * The {@code fabricpulse-agent} command line (picocli). Subcommands are registered in
 * {@link io.fabricpulse.agent.cli.AgentMain}; {@code --source} is resolved by {@code SourceSelector}.
 */
package io.fabricpulse.agent.cli;
