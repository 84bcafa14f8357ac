package io.fabricpulse.agent.push;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** A bounded in-memory {@link BatchBuffer}: what is waiting is lost when the agent stops. */
public final class MemoryBatchBuffer implements BatchBuffer {

    /** At the default 10 s interval, a little over the default 15-minute batch age. */
    public static final int DEFAULT_CAPACITY = 100;

    private final int capacity;
    private final ArrayDeque<EncodedBatch> batches = new ArrayDeque<>();

    public MemoryBatchBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    @Override
    public List<Long> add(EncodedBatch batch) {
        List<Long> dropped = new ArrayList<>(1);
        while (batches.size() >= capacity) {
            dropped.add(batches.removeFirst().sequence());
        }
        batches.addLast(batch);
        return dropped;
    }

    @Override
    public EncodedBatch oldest() {
        return batches.peekFirst();
    }

    @Override
    public boolean remove(long sequence) {
        return batches.removeIf(b -> b.sequence() == sequence);
    }

    @Override
    public int size() {
        return batches.size();
    }

    @Override
    public String description() {
        return "push buffer";
    }
}
