package io.fabricpulse.server.notify;

/**
 * How one kind of channel words a notice: the request body and headers it posts. Pure: no I/O, no
 * clock, so each format is tested by rendering and every retry of a delivery renders afresh (the
 * generic webhook's signature covers the time of the attempt).
 */
@FunctionalInterface
public interface ChannelFormat {

    OutgoingMessage render(AlertNotice notice, MessageContext context);
}
