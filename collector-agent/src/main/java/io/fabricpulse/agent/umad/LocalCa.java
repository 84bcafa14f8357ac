package io.fabricpulse.agent.umad;

import java.util.List;

/** A local channel adapter as libibumad reports it. */
public record LocalCa(String name, int nodeType, String firmware, String caType, String hardwareVersion,
                      long nodeGuid, long systemImageGuid, List<LocalPort> ports) {
}
