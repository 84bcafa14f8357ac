package io.fabricpulse.agent.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.regex.Pattern;

/**
 * A LID or port number as infiniband-diags reads it ({@code strtol} with base 0): decimal, {@code 0x}
 * hex or {@code 0}-prefixed octal, so {@code perfquery 0x1a 0x3} means what it means to perfquery.
 * Unlike {@code strtol}, which reads {@code 2abc} as 2 and {@code abc} as 0, anything else is an error
 * that names the value.
 */
final class DiagsNumberConverter implements ITypeConverter<Integer> {

    private static final Pattern NUMBER = Pattern.compile("0[xX][0-9a-fA-F]+|[0-9]+");

    @Override
    public Integer convert(String value) {
        if (NUMBER.matcher(value).matches()) {
            try {
                return Integer.decode(value);
            } catch (NumberFormatException e) {
                // an octal number with an 8 or 9 in it, or too big: fall through to the message
            }
        }
        throw new TypeConversionException("'" + value + "' is not a number (decimal, 0x hex or 0-prefixed octal)");
    }
}
