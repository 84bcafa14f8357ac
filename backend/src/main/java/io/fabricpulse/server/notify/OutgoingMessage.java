package io.fabricpulse.server.notify;

import java.util.Map;

/**
 * One HTTP POST to a channel: a JSON body and the headers that go with it (besides Content-Type,
 * which is always {@code application/json}).
 */
public record OutgoingMessage(byte[] body, Map<String, String> headers) {

    public OutgoingMessage {
        body = body.clone();
        headers = Map.copyOf(headers);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }
}
