package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.discovery.DiscoveredFabric;

import java.io.PrintWriter;

/** What a partial walk missed, on stderr: a count, then one line per problem. */
final class DiscoveryProblems {

    private DiscoveryProblems() {
    }

    static void print(String command, DiscoveredFabric fabric, PrintWriter err) {
        if (fabric.complete()) {
            return;
        }
        err.printf("%s: partial result: %d of %d requests got no usable answer%n", command, fabric.failedRequests(),
                fabric.requests());
        fabric.problems().forEach(problem -> err.println(command + ":   " + problem));
        err.flush();
    }
}
