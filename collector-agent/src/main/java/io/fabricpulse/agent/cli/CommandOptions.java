package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.command.AnswerClient;
import io.fabricpulse.agent.command.CommandHandler;
import io.fabricpulse.agent.command.CommandPolicy;
import io.fabricpulse.agent.command.KnownPorts;
import io.fabricpulse.agent.command.MadPortActions;
import io.fabricpulse.agent.discovery.DiscoveringSource;
import io.fabricpulse.agent.push.IngestEndpoint;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.umad.EnginePool;
import io.fabricpulse.agent.umad.UmadSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** What orders from the server {@code run} lets this agent execute; both off unless given. */
final class CommandOptions {

    private static final Logger log = LoggerFactory.getLogger(CommandOptions.class);

    @Option(names = "--allow-counter-clear",
            description = "Execute the server's orders to clear the counters of ports this agent reads (PortCounters"
                    + " Set, as perfquery -R). Off by default: such orders are refused (\"refused by agent policy\").")
    private boolean counterClear;

    @Option(names = "--allow-port-control",
            description = "Execute the server's orders to disable, enable or bounce ports this agent reads (PortInfo"
                    + " Set, as ibportstate). Off by default: such orders are refused (\"refused by agent policy\").")
    private boolean portControl;

    CommandPolicy policy() {
        return new CommandPolicy(counterClear, portControl);
    }

    /** The handler of the orders in ingest answers, sending its MADs through {@code source}'s engines. */
    CommandHandler handler(String agentId, PortSource source, KnownPorts ports, List<IngestEndpoint> endpoints,
                           Clock clock) {
        EnginePool engines = engines(source);
        CommandPolicy policy = policy();
        log.info("orders from the server: counter clears {}, port control {}", policy.clearCounters() ? "allowed"
                : "refused", policy.portControl() ? "allowed" : "refused");
        return new CommandHandler(agentId, policy, ports,
                new MadPortActions(() -> engines == null ? Optional.empty() : engines.anyOpen()),
                new AnswerClient(endpoints), clock);
    }

    /** The umad engines a source polls through; null for a source without MADs (sysfs, sim). */
    private static EnginePool engines(PortSource source) {
        PortSource own = source instanceof DiscoveringSource discovering ? discovering.own() : source;
        return own instanceof UmadSource umad ? umad.engines() : null;
    }
}
