package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadRequest;
import io.fabricpulse.agent.mad.Mads;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * One opened local port ({@code umad_open_port}) with an agent registered per management class we
 * send: LID-routed SMP, directed-route SMP and PerfMgt. Sends come from callers under the engine's
 * lock; receives from the engine's single receiver thread, each with its own buffer.
 */
final class UmadPort implements MadTransport {

    private static final int ETIMEDOUT = 110;
    private static final int[] CLASSES = {Mads.CLASS_SMP_LID, Mads.CLASS_SMP_DIRECTED, Mads.CLASS_PERF};

    private final UmadLibrary umad;
    private final Arena arena = Arena.ofShared();
    private final int portId;
    private final Map<Integer, Integer> agentByClass;
    private final long headerSize;
    private final MemorySegment sendBuffer;
    private final MemorySegment receiveBuffer;
    private final MemorySegment receiveLength;
    private final String name;

    UmadPort(UmadLibrary umad, String caName, int portNumber) throws UmadUnavailableException {
        this.umad = umad;
        this.name = caName + " port " + portNumber;
        int id = umad.openPort(arena.allocateFrom(caName), portNumber);
        if (id < 0) {
            arena.close();
            throw new UmadUnavailableException(UmadUnavailableException.Reason.OPEN_FAILED,
                    "umad_open_port(" + name + ") failed with " + id + ": the device file /dev/infiniband/umad* "
                            + "is missing or not readable and writable by this user (run as root, or use the sysfs source)");
        }
        this.portId = id;
        // Only now: umad_open_port decides (by the kernel's ABI) how long the ib_user_mad header is.
        this.headerSize = umad.umadSize();
        this.sendBuffer = arena.allocate(headerSize + Mads.MAD_SIZE, 8);
        this.receiveBuffer = arena.allocate(headerSize + Mads.MAD_SIZE, 8);
        this.receiveLength = arena.allocate(JAVA_INT);
        Map<Integer, Integer> agents = new HashMap<>();
        for (int mgmtClass : CLASSES) {
            int agent = umad.register(portId, mgmtClass, 1);
            if (agent < 0) {
                agents.values().forEach(a -> umad.unregister(portId, a));
                umad.closePort(portId);
                arena.close();
                throw new UmadUnavailableException(UmadUnavailableException.Reason.OPEN_FAILED,
                        "umad_register(class 0x%02x) on %s failed with %d".formatted(mgmtClass, name, agent));
            }
            agents.put(mgmtClass, agent);
        }
        this.agentByClass = Map.copyOf(agents);
    }

    @Override
    public void send(MadRequest request, byte[] mad, int timeoutMs) throws IOException {
        sendBuffer.fill((byte) 0);
        MemorySegment.copy(mad, 0, sendBuffer, JAVA_BYTE, headerSize, mad.length);
        umad.setAddr(sendBuffer, request.dlid(), request.qp(), 0, request.qkey());
        int rc = umad.send(portId, agentByClass.get(request.mgmtClass()), sendBuffer, mad.length, timeoutMs, 0);
        if (rc < 0) {
            throw new IOException("umad_send of " + request + " on " + name + " failed with " + rc);
        }
    }

    @Override
    public Received receive(int timeoutMs) throws IOException {
        receiveLength.set(JAVA_INT, 0, Mads.MAD_SIZE);
        int rc = umad.recv(portId, receiveBuffer, receiveLength, Math.max(1, timeoutMs));
        if (rc == -ETIMEDOUT) {
            return null;
        }
        if (rc < 0) {
            throw new IOException("umad_recv on " + name + " failed with " + rc);
        }
        int length = Math.min(receiveLength.get(JAVA_INT, 0), Mads.MAD_SIZE);
        byte[] mad = receiveBuffer.asSlice(headerSize, length).toArray(JAVA_BYTE);
        return new Received(mad, umad.status(receiveBuffer));
    }

    @Override
    public void close() {
        // Unregister explicitly: umad2sim frees only one agent per closed fd and runs out of slots.
        agentByClass.values().forEach(agent -> umad.unregister(portId, agent));
        umad.closePort(portId);
        arena.close();
    }

    @Override
    public String toString() {
        return name;
    }
}
