package io.fabricpulse.agent.cli;

import picocli.CommandLine;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them: {@code 10s}, {@code 500ms}, {@code 1m}, {@code 1h}, {@code 1m30s};
 * ISO-8601 ({@code PT10S}) is accepted too.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern PART = Pattern.compile("(\\d{1,9})(ms|s|m|h)");
    private static final Pattern WHOLE = Pattern.compile("(?:\\d{1,9}(?:ms|s|m|h))+");

    @Override
    public Duration convert(String value) {
        String text = value.strip();
        if (text.startsWith("P") || text.startsWith("p")) {
            try {
                return Duration.parse(text);
            } catch (DateTimeParseException e) {
                throw invalid(value);
            }
        }
        if (!WHOLE.matcher(text).matches()) {
            throw invalid(value);
        }
        Duration total = Duration.ZERO;
        Matcher part = PART.matcher(text);
        while (part.find()) {
            long amount = Long.parseLong(part.group(1));
            total = total.plus(switch (part.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            });
        }
        return total;
    }

    private static CommandLine.TypeConversionException invalid(String value) {
        return new CommandLine.TypeConversionException("'" + value
                + "' is not a duration; write a number and a unit, e.g. 10s, 500ms, 1m, 1m30s");
    }
}
