package io.fabricpulse.server.sm;

/** Told the subnet managers after every batch that carried SMInfo answers (the alert rules on SMs). */
@FunctionalInterface
public interface SubnetManagerListener {

    void onSweep(SubnetManagerSnapshot snapshot);
}
