/**
 * The {@code sysfs} source: port data from the kernel's files under {@code /sys/class/infiniband},
 * readable without privileges. {@link io.fabricpulse.agent.sysfs.SysfsSource} is the entry point; how
 * the counter files' width is decided is written down in {@code SysfsCounters}.
 */
package io.fabricpulse.agent.sysfs;
