package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.mad.MadRequest;

import java.io.IOException;

/** Sends datagrams and receives what comes back; the request engine owns matching, timeouts and retries. */
interface MadTransport extends AutoCloseable {

    /** Something that arrived: a response, or (status non-zero) a send the kernel gave up on. */
    record Received(byte[] mad, int status) {
    }

    /** Sends {@code mad} to {@code request}'s address; {@code timeoutMs} lets a real kernel time it out too. */
    void send(MadRequest request, byte[] mad, int timeoutMs) throws IOException;

    /** Waits at most {@code timeoutMs} for one datagram; null when none came. */
    Received receive(int timeoutMs) throws IOException;

    @Override
    void close();
}
