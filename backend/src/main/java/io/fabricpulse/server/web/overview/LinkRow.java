package io.fabricpulse.server.web.overview;

/**
 * One cable of the overview's worst-links table, already formatted (rendered by Thymeleaf, sent as JSON in every
 * {@code ports} event, placed into the same cells by the browser).
 *
 * @param key     stable identity: both ends as {@code guid:port}
 * @param status  {@code down}, {@code flapping}, {@code errors} or {@code degraded} (also the CSS class)
 * @param why     what makes it that, in words ("Down at leaf03[12]", "LinkDownedCounter rising")
 * @param a       one end
 * @param b       the other end
 * @param errors  error events per second over both ends
 * @param link    active width and speed, as the tools print it
 */
public record LinkRow(String key, String status, String why, End a, End b, String errors, String link) {

    /**
     * @param name  the short name ({@link io.fabricpulse.server.web.ShortNames})
     * @param title the full name and GUID, for hover
     * @param port  the port number as "[port]", never cut off
     * @param href  the port's page
     */
    public record End(String name, String title, String port, String href) {
    }
}
