package io.fabricpulse.server.web;

import io.fabricpulse.server.topology.ClusterDirectory;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

import java.util.OptionalInt;
import java.util.Set;

/** Reading the numbers pages take from their URL, with errors that say what was wrong and what is allowed. */
public final class PageParameters {

    private PageParameters() {
    }

    /**
     * A 1-based page number from query parameter {@code name}: 1 when absent; 400 when not a number;
     * 404 when outside the pages that {@code items} {@code what} fill at {@code perPage} a page.
     */
    public static int page(String name, String text, int items, int perPage, String what) {
        int pages = pageCount(items, perPage);
        if (text == null) {
            return 1;
        }
        int page;
        try {
            page = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "query parameter '" + name + "' must be a page number from 1 to " + pages + ", was '" + text + "'");
        }
        if (page < 1 || page > pages) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND,
                    name + " page " + page + " does not exist: " + items + " " + what + " fill pages 1 to " + pages + " of " + perPage);
        }
        return page;
    }

    /**
     * The node GUIDs of the cluster a page filters by ({@code ?cluster=}, as imported from a fabrics.conf:
     * what {@code ibcheck -C <cluster>} does by hand); a 404 naming the known clusters when there is none.
     */
    public static Set<String> clusterMembers(ClusterDirectory clusters, String cluster) {
        return clusters.members(cluster).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                "no cluster '" + cluster + "'; " + (clusters.names().isEmpty()
                        ? "no clusters have been imported (fabrics.conf)"
                        : "the clusters are " + String.join(", ", clusters.names()))));
    }

    /** A port number (0 to 255) as a page's URL gives it; empty when the text is none, for the caller's own 400. */
    public static OptionalInt portNumber(String text) {
        try {
            int number = Integer.parseInt(text.strip());
            return number >= 0 && number <= 255 ? OptionalInt.of(number) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** Pages needed for {@code items} at {@code perPage} a page; at least 1, an empty list is one empty page. */
    public static int pageCount(int items, int perPage) {
        return Math.max(1, (items + perPage - 1) / perPage);
    }
}
