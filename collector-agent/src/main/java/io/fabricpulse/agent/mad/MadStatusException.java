package io.fabricpulse.agent.mad;

import java.util.ArrayList;
import java.util.List;

/**
 * The responder answered with a non-zero MAD status (IBA 13.4.7): the attribute is not supported,
 * the value was invalid, the responder is busy, or the class wants a redirect.
 */
public final class MadStatusException extends MadException {

    private final int status;
    private final int attributeId;

    /** {@code request} names the target, the port and the attribute, so the message says where it failed. */
    public MadStatusException(MadRequest request, int status) {
        super("%s: MAD status 0x%04x (%s)".formatted(request, status, describe(status)));
        this.status = status;
        this.attributeId = request.attribute().id();
    }

    public int status() {
        return status;
    }

    public int attributeId() {
        return attributeId;
    }

    /** True when asking again later can succeed (the responder said busy). */
    public boolean retryable() {
        return (status & 0x1) != 0;
    }

    /** The status bits in words; the code field (bits 2-4) and the flag bits 0-1 per IBA table 110. */
    static String describe(int status) {
        List<String> parts = new ArrayList<>();
        if ((status & 0x1) != 0) {
            parts.add("busy");
        }
        if ((status & 0x2) != 0) {
            parts.add("redirect required");
        }
        switch ((status >> 2) & 0x7) {
            case 0 -> { }
            case 1 -> parts.add("bad base version or class version");
            case 2 -> parts.add("method not supported");
            case 3 -> parts.add("method/attribute combination not supported");
            case 7 -> parts.add("invalid attribute or modifier value");
            default -> parts.add("reserved code " + ((status >> 2) & 0x7));
        }
        if ((status & 0xff00) != 0) {
            parts.add("class-specific 0x%02x".formatted(status >> 8));
        }
        return parts.isEmpty() ? "ok" : String.join(", ", parts);
    }
}
