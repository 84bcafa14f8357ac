package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

/**
 * What worst-ports rank by: the rate of one counter (per second, in its own unit) or a
 * {@link DerivedMetric}. Named as the API takes it: the counter's IBA name or the metric's name.
 */
public sealed interface PortMetric {

    /** The API name. */
    String name();

    /** The value of this metric over {@code window}, null when unknown there. */
    Double valueIn(WindowRates window);

    /** A counter's rate per second. */
    record Counter(PortCounter counter) implements PortMetric {

        @Override
        public String name() {
            return counter.ibaName();
        }

        @Override
        public Double valueIn(WindowRates window) {
            return window.perSecond(counter);
        }
    }

    /** A derived metric. */
    record Derived(DerivedMetric metric) implements PortMetric {

        @Override
        public String name() {
            return metric.name();
        }

        @Override
        public Double valueIn(WindowRates window) {
            return metric.in(window.derived());
        }
    }

    /**
     * The metric named {@code name}: an IBA counter name ({@code SymbolErrorCounter}) or a derived
     * metric ({@code XmitUtilisation}).
     *
     * @throws IllegalArgumentException naming every accepted name when {@code name} is none of them
     */
    static PortMetric named(String name) {
        PortCounter counter = PortCounter.ofIbaName(name);
        if (counter != null) {
            return new Counter(counter);
        }
        DerivedMetric derived = DerivedMetric.named(name);
        if (derived != null) {
            return new Derived(derived);
        }
        StringBuilder known = new StringBuilder();
        for (PortCounter c : PortCounter.values()) {
            known.append(c.ibaName()).append(", ");
        }
        throw new IllegalArgumentException("must be a counter (" + known + ") or a derived metric ("
                + DerivedMetric.names() + ")");
    }
}
