package io.fabricpulse.agent.mad;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The attribute data of a checked response (see {@link Mads#checkResponse}): fields are read from
 * byte 64 on by the attribute's field table.
 */
public final class MadData {

    private final byte[] mad;

    private MadData(byte[] mad) {
        this.mad = mad;
    }

    /** Wraps a response already checked by {@link Mads#checkResponse}. */
    public static MadData of(byte[] checkedResponse) throws MadDecodeException {
        if (checkedResponse.length != Mads.MAD_SIZE) {
            throw new MadDecodeException("attribute data of a " + checkedResponse.length + "-byte MAD");
        }
        return new MadData(checkedResponse);
    }

    public long get(MadField field) {
        return field.get(mad, Mads.DATA_OFFSET);
    }

    /** {@code name:....value}, the line libibmad prints for a field. */
    public String line(MadField field) {
        return FieldLines.line(field.label(), field.format().format(get(field), field.bitWidth()));
    }

    /** The NodeDescription attribute's text: up to the first NUL of its 64 bytes. */
    public String nodeDescription() {
        return nodeDescription(StandardCharsets.UTF_8);
    }

    /**
     * The NodeDescription's bytes up to the first NUL, one char per byte: for printing byte by byte as
     * the C tools do (ibnetdiscover blanks every byte that is not printable ASCII).
     */
    public String nodeDescriptionBytes() {
        return nodeDescription(StandardCharsets.ISO_8859_1);
    }

    private String nodeDescription(Charset charset) {
        int end = Mads.DATA_OFFSET;
        while (end < Mads.DATA_OFFSET + 64 && mad[end] != 0) {
            end++;
        }
        return new String(Arrays.copyOfRange(mad, Mads.DATA_OFFSET, end), charset);
    }
}
