package io.fabricpulse.server.series;

/** Folds rates into one value by a {@link Consolidation}: their mean or their maximum. NaN adds nothing. */
public final class Consolidator {

    private final Consolidation consolidation;
    private double accumulated;
    private int count;

    public Consolidator(Consolidation consolidation) {
        this.consolidation = consolidation;
    }

    public void add(double value) {
        if (Double.isNaN(value)) {
            return;
        }
        if (count == 0) {
            accumulated = value;
        } else if (consolidation == Consolidation.MAX) {
            accumulated = Math.max(accumulated, value);
        } else {
            accumulated += value;
        }
        count++;
    }

    /** The consolidated value; NaN when nothing was added. */
    public double value() {
        if (count == 0) {
            return Double.NaN;
        }
        return consolidation == Consolidation.AVERAGE ? accumulated / count : accumulated;
    }
}
