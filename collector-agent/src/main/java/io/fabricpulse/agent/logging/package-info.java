/** Logging helpers shared by the agent's parts: report a recurring problem once, and its end. */
package io.fabricpulse.agent.logging;
