package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;

import java.time.Duration;

/**
 * What one PortXmitWait tick is on a device, so that ticks become time: IBA defines a tick as a multiple of
 * the time one byte takes on one lane; NVIDIA's switches count it per port or per lane (docs/FABRIC.md,
 * "XmitWait ticks"). A byte-counted tick lasts as long as the port (or one lane) takes to send those bytes at
 * the active link's data rate, so it needs the link; a fixed one does not.
 */
public sealed interface XmitWaitTick {

    /** One tick in seconds on a link of {@code width} x {@code speed}, null when the link must be known and is not. */
    Double seconds(LinkWidth width, LinkSpeed speed);

    /** How the tick is defined, for people ("8 bytes per port"). */
    String describe();

    /** The port counts a tick per {@code bytes} it could have sent (Quantum: 8 bytes, whatever the width). */
    record BytesPerPort(int bytes) implements XmitWaitTick {
        @Override
        public Double seconds(LinkWidth width, LinkSpeed speed) {
            return width == null || speed == null ? null : bytes * 8.0 / speed.dataRateBitsPerSecond(width);
        }

        @Override
        public String describe() {
            return bytes + " bytes per port";
        }
    }

    /** The port counts a tick per {@code bytes} one lane could have sent (Switch-IB: 32 bytes a lane). */
    record BytesPerLane(int bytes) implements XmitWaitTick {
        @Override
        public Double seconds(LinkWidth width, LinkSpeed speed) {
            return speed == null ? null : bytes * 8.0 / (speed.laneGbps() * 1e9);
        }

        @Override
        public String describe() {
            return bytes + " bytes per lane";
        }
    }

    /** A tick of a fixed length, whatever the link (an operator's measurement, the simulator's 1 µs). */
    record Fixed(Duration length) implements XmitWaitTick {
        @Override
        public Double seconds(LinkWidth width, LinkSpeed speed) {
            return length.toNanos() / 1e9;
        }

        @Override
        public String describe() {
            return length.toNanos() + " ns";
        }
    }
}
