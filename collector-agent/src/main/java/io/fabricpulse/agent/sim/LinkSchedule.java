package io.fabricpulse.agent.sim;
import java.time.Duration;

/**
 * When a simulated link is up, as a pure function of the seconds since the simulation started, so
 * that any clock reading gives the same answer however often and in whatever order it is asked.
 */
sealed interface LinkSchedule {

    /** Always Active. */
    LinkSchedule ALWAYS_UP = new AlwaysUp();

    boolean isUp(double t);

    /** Seconds the link was up in [0, t]: a port's counters only move then. */
    double activeSeconds(double t);

    /** How often the link went down in [0, t]: LinkDownedCounter and LinkErrorRecoveryCounter of both ends. */
    long downs(double t);

    static LinkSchedule of(Fault fault) {
        return switch (fault) {
            case Fault.Flap flap -> new Flapping(seconds(flap.after()), seconds(flap.period()), seconds(flap.down()));
            case Fault.LinkDown down -> new DownAfter(seconds(down.after()));
            default -> throw new IllegalArgumentException("not a link state fault: " + fault);
        };
    }

    private static double seconds(Duration duration) {
        return duration.getSeconds() + duration.getNano() / 1e9;
    }

    record AlwaysUp() implements LinkSchedule {
        @Override
        public boolean isUp(double t) {
            return true;
        }

        @Override
        public double activeSeconds(double t) {
            return t;
        }

        @Override
        public long downs(double t) {
            return 0;
        }
    }

    /** Up until {@code after}; then each {@code period}: up for {@code period - down}, down for {@code down}. */
    record Flapping(double after, double period, double down) implements LinkSchedule {
        @Override
        public boolean isUp(double t) {
            return t < after || phase(t) < period - down;
        }

        @Override
        public double activeSeconds(double t) {
            if (t < after) {
                return t;
            }
            double up = period - down;
            return after + cycles(t) * up + Math.min(phase(t), up);
        }

        @Override
        public long downs(double t) {
            if (t < after) {
                return 0;
            }
            return (long) cycles(t) + (phase(t) >= period - down ? 1 : 0);
        }

        private double cycles(double t) {
            return Math.floor((t - after) / period);
        }

        private double phase(double t) {
            return (t - after) - cycles(t) * period;
        }
    }

    /** Up until {@code after}, down from then on; with {@code after} zero it never came up (and never went down). */
    record DownAfter(double after) implements LinkSchedule {
        @Override
        public boolean isUp(double t) {
            return t < after;
        }

        @Override
        public double activeSeconds(double t) {
            return Math.min(t, after);
        }

        @Override
        public long downs(double t) {
            return after > 0 && t >= after ? 1 : 0;
        }
    }
}
