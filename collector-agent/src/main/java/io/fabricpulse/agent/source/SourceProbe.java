package io.fabricpulse.agent.source;

/**
 * Whether a source works on this host, and in words why or why not. What {@code doctor} prints and
 * what {@code --source auto} decides by.
 *
 * @param source the source's name (umad, sysfs, sim)
 * @param usable true when a poll would return data now
 * @param detail what was found ("2 devices (mlx5_0, mlx5_1), 2 ports, 1 Active") or what is missing and
 *               what to do about it
 */
public record SourceProbe(String source, boolean usable, String detail) {

    public static SourceProbe usable(String source, String detail) {
        return new SourceProbe(source, true, detail);
    }

    public static SourceProbe unusable(String source, String detail) {
        return new SourceProbe(source, false, detail);
    }
}
