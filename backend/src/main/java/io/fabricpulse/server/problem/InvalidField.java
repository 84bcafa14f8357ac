package io.fabricpulse.server.problem;

/**
 * One precise complaint about one value of a request.
 *
 * @param path   where: a JSON-pointer-like path such as {@code nodes[3].ports[0].counters.SymbolErrorCounter},
 *               or a query parameter name
 * @param reason what is wrong with it, in words that say how to fix it
 */
public record InvalidField(String path, String reason) {

    @Override
    public String toString() {
        return path.isEmpty() ? reason : path + ": " + reason;
    }
}
