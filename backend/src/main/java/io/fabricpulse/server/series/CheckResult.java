package io.fabricpulse.server.series;

/**
 * Whether a store can do its job right now, and why not. Health endpoints and tests ask the same
 * question the same way.
 *
 * @param ok     true when the store can write and read
 * @param detail what was checked, or what is wrong
 */
public record CheckResult(boolean ok, String detail) {

    public static CheckResult ok(String detail) {
        return new CheckResult(true, detail);
    }

    public static CheckResult failed(String detail) {
        return new CheckResult(false, detail);
    }
}
