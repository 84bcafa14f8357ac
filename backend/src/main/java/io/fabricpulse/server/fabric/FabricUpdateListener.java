package io.fabricpulse.server.fabric;

/**
 * Told about every ingested batch that changed something, synchronously on the ingest thread right
 * after the batch is applied (unlike {@link FabricView#updates()}, which drops updates under load).
 * For consumers that must see every sample, such as the alert rules. Implementations must be quick
 * (work proportional to the ports in the update, heavy work handed to a queue of their own) and
 * should not throw: a fault is logged and ingest goes on.
 */
@FunctionalInterface
public interface FabricUpdateListener {

    void onUpdate(FabricUpdate update);
}
