package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.spool.ByteSize;
import picocli.CommandLine;

/** Sizes such as {@code 256MiB}, {@code 1G}, {@code 500MB} (see {@link ByteSize}). */
final class ByteSizeConverter implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        try {
            return ByteSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
