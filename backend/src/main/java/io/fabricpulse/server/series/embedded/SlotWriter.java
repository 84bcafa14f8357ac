package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;

/**
 * Updates one port of a slot store. Holds no file: the group's mappings belong to {@link PortSlots}, so
 * closing a writer releases nothing.
 *
 * @param datasourceOf the store's datasource per {@link io.fabricpulse.server.series.RateSeries#index()}
 */
record SlotWriter(RrdUpdate update, int[] datasourceOf) implements PortWriter {

    @Override
    public boolean update(PortRateSample sample) {
        return update.update(sample, datasourceOf);
    }

    @Override
    public void close() {
    }
}
