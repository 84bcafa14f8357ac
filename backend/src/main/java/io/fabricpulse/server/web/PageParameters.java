package io.fabricpulse.server.web;

import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

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

    /** Pages needed for {@code items} at {@code perPage} a page; at least 1, an empty list is one empty page. */
    public static int pageCount(int items, int perPage) {
        return Math.max(1, (items + perPage - 1) / perPage);
    }
}
