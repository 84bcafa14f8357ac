package io.fabricpulse.agent.mad;

/** The attributes FabricPulse asks for, with their IBA attribute ids and the class that serves them. */
public enum MadAttribute {
    PERF_CLASS_PORT_INFO(0x0001, true),
    PORT_COUNTERS(0x0012, true),
    PORT_COUNTERS_EXTENDED(0x001D, true),
    NODE_DESCRIPTION(0x0010, false),
    NODE_INFO(0x0011, false),
    SWITCH_INFO(0x0012, false),
    PORT_INFO(0x0015, false),
    LINEAR_FORWARDING_TABLE(0x0019, false),
    SM_INFO(0x0020, false);

    private final int id;
    private final boolean performance;

    MadAttribute(int id, boolean performance) {
        this.id = id;
        this.performance = performance;
    }

    public int id() {
        return id;
    }

    /** True for PerfMgt (GMP, QP1) attributes, false for SMP (QP0) ones. */
    public boolean performance() {
        return performance;
    }
}
