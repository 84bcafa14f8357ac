package io.fabricpulse.agent.umad;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * rdma-core's libibumad bound with {@code java.lang.foreign}: only the calls the agent needs
 * ({@code libibumad/umad.h}). Loaded on first use so a host without the library gets a precise
 * error instead of a failing class initialiser. Under ibsim the same calls reach the simulator
 * through {@code LD_PRELOAD=libumad2sim.so}, which interposes the libc calls libibumad makes.
 */
public final class UmadLibrary {

    /** The soname rdma-core installs (Debian package libibumad3). */
    public static final String DEFAULT_LIBRARY = "libibumad.so.3";

    private final MethodHandle init;
    private final MethodHandle getCasNames;
    private final MethodHandle getCa;
    private final MethodHandle releaseCa;
    private final MethodHandle openPort;
    private final MethodHandle closePort;
    private final MethodHandle register;
    private final MethodHandle unregister;
    private final MethodHandle size;
    private final MethodHandle setAddr;
    private final MethodHandle send;
    private final MethodHandle recv;
    private final MethodHandle status;

    private UmadLibrary(SymbolLookup lookup) throws UmadUnavailableException {
        Linker linker = Linker.nativeLinker();
        init = bind(linker, lookup, "umad_init", FunctionDescriptor.of(JAVA_INT));
        getCasNames = bind(linker, lookup, "umad_get_cas_names", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        getCa = bind(linker, lookup, "umad_get_ca", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        releaseCa = bind(linker, lookup, "umad_release_ca", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        openPort = bind(linker, lookup, "umad_open_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        closePort = bind(linker, lookup, "umad_close_port", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        register = bind(linker, lookup, "umad_register",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_BYTE, ADDRESS));
        unregister = bind(linker, lookup, "umad_unregister", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
        size = bind(linker, lookup, "umad_size", FunctionDescriptor.of(JAVA_LONG));
        setAddr = bind(linker, lookup, "umad_set_addr",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        send = bind(linker, lookup, "umad_send",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        recv = bind(linker, lookup, "umad_recv", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        status = bind(linker, lookup, "umad_status", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /**
     * Loads {@code library} (a soname or a path) and calls {@code umad_init}.
     *
     * @throws UmadUnavailableException LIBRARY_MISSING when it cannot be loaded, NO_DEVICE when umad_init fails
     */
    public static UmadLibrary load(String library) throws UmadUnavailableException {
        SymbolLookup lookup;
        try {
            lookup = SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new UmadUnavailableException(UmadUnavailableException.Reason.LIBRARY_MISSING,
                    library + " cannot be loaded (" + e.getMessage() + "); install rdma-core's libibumad "
                            + "(Debian/Ubuntu: libibumad3, RHEL: libibumad)", e);
        }
        UmadLibrary umad = new UmadLibrary(lookup);
        if (umad.init() < 0) {
            throw new UmadUnavailableException(UmadUnavailableException.Reason.NO_DEVICE,
                    "umad_init failed: the kernel's ib_umad module is not loaded or /sys/class/infiniband_mad is missing");
        }
        return umad;
    }

    private static MethodHandle bind(Linker linker, SymbolLookup lookup, String name, FunctionDescriptor descriptor)
            throws UmadUnavailableException {
        MemorySegment symbol = lookup.find(name).orElseThrow(() -> new UmadUnavailableException(
                UmadUnavailableException.Reason.LIBRARY_MISSING, "libibumad has no symbol " + name
                        + "; it is older than the rdma-core the agent supports"));
        return linker.downcallHandle(symbol, descriptor);
    }

    int init() {
        return (int) invoke(() -> (int) init.invokeExact());
    }

    int getCasNames(MemorySegment names, int max) {
        return (int) invoke(() -> (int) getCasNames.invokeExact(names, max));
    }

    int getCa(MemorySegment caName, MemorySegment ca) {
        return (int) invoke(() -> (int) getCa.invokeExact(caName, ca));
    }

    int releaseCa(MemorySegment ca) {
        return (int) invoke(() -> (int) releaseCa.invokeExact(ca));
    }

    int openPort(MemorySegment caName, int port) {
        return (int) invoke(() -> (int) openPort.invokeExact(caName, port));
    }

    int closePort(int portId) {
        return (int) invoke(() -> (int) closePort.invokeExact(portId));
    }

    int register(int portId, int mgmtClass, int classVersion) {
        return (int) invoke(() -> (int) register.invokeExact(portId, mgmtClass, classVersion, (byte) 0,
                MemorySegment.NULL));
    }

    int unregister(int portId, int agentId) {
        return (int) invoke(() -> (int) unregister.invokeExact(portId, agentId));
    }

    /** Size of {@code struct ib_user_mad}: the header before the MAD in every umad buffer. */
    long umadSize() {
        return (long) invoke(() -> (long) size.invokeExact());
    }

    int setAddr(MemorySegment umad, int dlid, int qp, int sl, int qkey) {
        return (int) invoke(() -> (int) setAddr.invokeExact(umad, dlid, qp, sl, qkey));
    }

    int send(int portId, int agentId, MemorySegment umad, int length, int timeoutMs, int retries) {
        return (int) invoke(() -> (int) send.invokeExact(portId, agentId, umad, length, timeoutMs, retries));
    }

    int recv(int portId, MemorySegment umad, MemorySegment length, int timeoutMs) {
        return (int) invoke(() -> (int) recv.invokeExact(portId, umad, length, timeoutMs));
    }

    int status(MemorySegment umad) {
        return (int) invoke(() -> (int) status.invokeExact(umad));
    }

    @FunctionalInterface
    private interface NativeCall {
        Object call() throws Throwable;
    }

    /** invokeExact declares Throwable; a native call only throws on a binding bug, which must surface. */
    private static Object invoke(NativeCall call) {
        try {
            return call.call();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("libibumad call failed", t);
        }
    }
}
