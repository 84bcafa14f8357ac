package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import reactor.core.publisher.Mono;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * Gets the bytes of an ingest request and their {@link WireFormat}, refusing early and precisely: the wrong content type or
 * encoding (415), a body over {@code max-body-size} as sent (413, without reading past the limit), a
 * gzip body that inflates beyond {@code max-decompressed-size} (413, a decompression bomb stops at
 * the limit), gzip that is corrupt (400). A body over the limit is read to its end (up to a bound) and
 * dropped before the 413 goes out, so a client that writes all of it before reading gets the answer.
 */
final class IngestBodyReader {

    /** A 10-byte header, an empty deflate stream and the 8-byte trailer. */
    private static final int GZIP_MIN_LENGTH = 20;
    /** JSON batches inflate 10-30 times; a larger stated size is not trusted with an allocation up front. */
    private static final int PLAUSIBLE_RATIO = 64;
    /**
     * The most allocated on the trailer's word alone, before anything inflated: far above an agent's
     * batch (2,000 ports are about 1 MB of JSON); a larger body is read in growing chunks as before.
     */
    private static final int MAX_HINT = 8 * 1024 * 1024;
    /** Read and dropped at least, from a body over the limit, before the 413 is answered. */
    private static final long DRAIN_LIMIT = 64L * 1024 * 1024;

    private final int maxBodyBytes;
    private final int maxDecompressedBytes;

    IngestBodyReader(IngestProperties properties) {
        this.maxBodyBytes = (int) properties.maxBodySize().toBytes();
        this.maxDecompressedBytes = (int) properties.maxDecompressedSize().toBytes();
    }

    /** A request body, decoded from gzip when it came so, and the format it is in. */
    record IngestBody(byte[] bytes, WireFormat format) {
    }

    Mono<IngestBody> read(ServerHttpRequest request) {
        return Mono.defer(() -> {
            HttpHeaders headers = request.getHeaders();
            WireFormat format = wireFormat(headers);
            boolean gzip = isGzip(headers);
            long announced = headers.getContentLength();
            if (announced > maxBodyBytes) {
                // Read and drop what the client sends anyway before answering: a client that writes its whole
                // body before reading (Python's urllib) would otherwise get a reset instead of this 413.
                return announced <= drainLimit()
                        ? request.getBody().doOnNext(DataBufferUtils::release).then(Mono.error(tooLarge(
                        "the body of " + announced + " bytes")))
                        : Mono.error(tooLarge("the body of " + announced + " bytes"));
            }
            return request.getBody().collect(() -> new Body(maxBodyBytes, drainLimit()), Body::add)
                    .doOnDiscard(Body.class, Body::release)
                    .onErrorMap(DataBufferLimitException.class, e -> tooLarge("the body"))
                    .map(body -> {
                        if (body.overLimit()) {
                            throw tooLarge("the body");
                        }
                        return body.bytes();
                    })
                    .map(bytes -> new IngestBody(gzip ? gunzip(bytes) : bytes, format));
        });
    }

    /** The most read and dropped from a too-large body before the answer; beyond it the connection is closed. */
    private long drainLimit() {
        return Math.max(DRAIN_LIMIT, 4L * maxBodyBytes);
    }

    /**
     * A body as it arrives, kept up to the limit; past the limit the rest is read and dropped (up to the drain
     * limit, then it gives up), so the 413 reaches a client that sends everything before it reads.
     */
    private static final class Body {

        private final int limit;
        private final long drainLimit;
        private final List<DataBuffer> kept = new ArrayList<>();
        private long seen;

        Body(int limit, long drainLimit) {
            this.limit = limit;
            this.drainLimit = drainLimit;
        }

        void add(DataBuffer buffer) {
            seen += buffer.readableByteCount();
            if (seen <= limit) {
                kept.add(buffer);
                return;
            }
            DataBufferUtils.release(buffer);
            release();
            if (seen > drainLimit) {
                throw new DataBufferLimitException("more than " + drainLimit + " bytes");
            }
        }

        boolean overLimit() {
            return seen > limit;
        }

        byte[] bytes() {
            byte[] bytes = new byte[(int) seen];
            int at = 0;
            for (DataBuffer buffer : kept) {
                int length = buffer.readableByteCount();
                buffer.read(bytes, at, length);
                at += length;
            }
            release();
            return bytes;
        }

        void release() {
            kept.forEach(DataBufferUtils::release);
            kept.clear();
        }
    }

    private static final String SEND = "; send application/json or application/x-jackson-smile";

    /** Each format's media type, parsed once. */
    private static final Map<WireFormat, MediaType> MEDIA_TYPES = Arrays.stream(WireFormat.values())
            .collect(Collectors.toUnmodifiableMap(format -> format, format -> MediaType.parseMediaType(format.contentType())));

    /** The format {@code type} names, or null when it is neither. */
    private static WireFormat formatOf(MediaType type) {
        for (Map.Entry<WireFormat, MediaType> format : MEDIA_TYPES.entrySet()) {
            if (format.getValue().equalsTypeAndSubtype(type)) {
                return format.getKey();
            }
        }
        return null;
    }

    private static WireFormat wireFormat(HttpHeaders headers) {
        MediaType type;
        try {
            type = headers.getContentType();
        } catch (InvalidMediaTypeException e) {
            throw unsupported("the Content-Type header cannot be parsed (" + e.getMessage() + ")" + SEND);
        }
        if (type == null) {
            throw unsupported("no Content-Type header" + SEND);
        }
        WireFormat format = formatOf(type);
        if (format == null) {
            throw unsupported("Content-Type " + type.getType() + "/" + type.getSubtype() + " is not supported" + SEND);
        }
        if (format == WireFormat.JSON && type.getCharset() != null && !StandardCharsets.UTF_8.equals(type.getCharset())) {
            throw unsupported("charset " + type.getCharset() + " is not supported; JSON is sent as UTF-8");
        }
        return format;
    }

    /** Whether the body is gzip; identity is no encoding, anything else is refused. */
    private static boolean isGzip(HttpHeaders headers) {
        List<String> codings = headers.getOrEmpty(HttpHeaders.CONTENT_ENCODING).stream()
                .flatMap(value -> Arrays.stream(value.split(",")))
                .map(coding -> coding.strip().toLowerCase(Locale.ROOT))
                .filter(coding -> !coding.isEmpty() && !coding.equals("identity"))
                .toList();
        if (codings.isEmpty()) {
            return false;
        }
        if (codings.size() == 1 && (codings.getFirst().equals("gzip") || codings.getFirst().equals("x-gzip"))) {
            return true;
        }
        throw unsupported("Content-Encoding " + String.join(", ", codings) + " is not supported; send gzip or no encoding");
    }

    private byte[] gunzip(byte[] body) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            byte[] json = inflate(in, inflatedSizeHint(body));
            if (in.read() != -1) {
                throw new ProblemException(ProblemType.BODY_TOO_LARGE, "the gzip body inflates to more than "
                        + maxDecompressedBytes + " bytes, the limit (fabricpulse.ingest.max-decompressed-size)");
            }
            return json;
        } catch (EOFException e) {
            throw new ProblemException(ProblemType.INVALID_ENCODING,
                    "the body is not valid gzip (Content-Encoding: gzip): the data ends early");
        } catch (IOException e) {
            throw new ProblemException(ProblemType.INVALID_ENCODING,
                    "the body is not valid gzip (Content-Encoding: gzip): " + e.getMessage());
        }
    }

    /**
     * Reads up to the limit, into an array of the announced size when there is a plausible one, so that
     * a batch is inflated once into its final array instead of into growing chunks that are then copied.
     */
    private byte[] inflate(InputStream in, int hint) throws IOException {
        if (hint <= 0) {
            return in.readNBytes(maxDecompressedBytes);
        }
        byte[] json = new byte[hint];
        int read = in.readNBytes(json, 0, hint);
        if (read < hint) {
            return Arrays.copyOf(json, read);
        }
        byte[] rest = in.readNBytes(maxDecompressedBytes - hint);
        if (rest.length == 0) {
            return json;
        }
        byte[] all = Arrays.copyOf(json, hint + rest.length);
        System.arraycopy(rest, 0, all, hint, rest.length);
        return all;
    }

    /**
     * The inflated size a gzip member states in its last four bytes (ISIZE, little-endian), when it is
     * within the limit and within a ratio that JSON reaches; 0 (no hint) otherwise. Only a hint: a body
     * of several members, or one that lies, is still read to its real end and limit.
     */
    private int inflatedSizeHint(byte[] body) {
        if (body.length < GZIP_MIN_LENGTH) {
            return 0;
        }
        int at = body.length - Integer.BYTES;
        long size = (body[at] & 0xffL) | (body[at + 1] & 0xffL) << 8 | (body[at + 2] & 0xffL) << 16
                | (body[at + 3] & 0xffL) << 24;
        return size <= Math.min(maxDecompressedBytes, MAX_HINT) && size <= (long) body.length * PLAUSIBLE_RATIO
                ? (int) size : 0;
    }

    private ProblemException tooLarge(String what) {
        return new ProblemException(ProblemType.BODY_TOO_LARGE, what + " exceeds the limit of " + maxBodyBytes
                + " bytes as sent (fabricpulse.ingest.max-body-size); send smaller batches");
    }

    private static ProblemException unsupported(String detail) {
        return new ProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE, detail);
    }
}
