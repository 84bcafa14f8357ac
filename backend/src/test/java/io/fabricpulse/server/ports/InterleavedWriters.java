package io.fabricpulse.server.ports;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/** Four threads writing port numbers interleaved (number % 4 is the thread), so every thread grows the same chunks. */
final class InterleavedWriters {

    static final int THREADS = 4;

    private InterleavedWriters() {
    }

    /** Runs {@code write} for numbers 0 until {@code THREADS * perThread} on {@value #THREADS} threads; returns when all are done. */
    static void write(int perThread, IntConsumer write) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        write.accept(i * THREADS + thread);
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
