package io.fabricpulse.server.jobs.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * Slurm's hostlist expressions, expanded: {@code n[1-3,7],gpu[01-02]} is n1 n2 n3 n7 gpu01 gpu02. A range keeps
 * the zero padding of its lower bound ({@code [08-10]}: 08 09 10), as {@code scontrol show hostnames} prints
 * it; several bracket groups in one name multiply out. Bounded: an expression that would name more hosts than
 * asked for is refused, so one hostile answer cannot allocate without limit.
 */
public final class Hostlist {

    private Hostlist() {
    }

    /**
     * @param max the most names the expression may expand to
     * @throws IllegalArgumentException saying where the expression is malformed, or that it names too many
     */
    public static List<String> expand(String expression, int max) {
        List<String> names = new ArrayList<>();
        if (expression == null || expression.isBlank()) {
            return names;
        }
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= expression.length(); i++) {
            char c = i < expression.length() ? expression.charAt(i) : ',';
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
                if (depth < 0) {
                    throw new IllegalArgumentException("']' without '[' at character " + (i + 1));
                }
            } else if (c == ',' && depth == 0) {
                String host = expression.substring(start, i).strip();
                if (host.isEmpty()) {
                    throw new IllegalArgumentException("an empty host name at character " + (i + 1));
                }
                expandOne(host, names, max);
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw new IllegalArgumentException("'[' without ']'");
        }
        return names;
    }

    /** One name with any number of bracket groups, appended to {@code names}. */
    private static void expandOne(String host, List<String> names, int max) {
        int open = host.indexOf('[');
        if (open < 0) {
            add(names, host, max);
            return;
        }
        int close = host.indexOf(']', open);
        String prefix = host.substring(0, open);
        String rest = host.substring(close + 1);
        for (String part : host.substring(open + 1, close).split(",", -1)) {
            for (String number : numbers(part.strip(), host, max)) {
                expandOne(prefix + number + rest, names, max);
            }
        }
    }

    private static List<String> numbers(String part, String host, int max) {
        int dash = part.indexOf('-');
        String low = dash < 0 ? part : part.substring(0, dash);
        String high = dash < 0 ? part : part.substring(dash + 1);
        if (!isDigits(low) || !isDigits(high)) {
            throw new IllegalArgumentException("'" + part + "' in '" + host + "' is not a number or a range a-b");
        }
        long from = Long.parseLong(low);
        long to = Long.parseLong(high);
        if (to < from) {
            throw new IllegalArgumentException("range '" + part + "' in '" + host + "' runs backwards");
        }
        if (to - from >= max) {
            throw new IllegalArgumentException("range '" + part + "' in '" + host + "' names more than " + max + " hosts");
        }
        List<String> numbers = new ArrayList<>();
        for (long n = from; n <= to; n++) {
            numbers.add(pad(n, low.length()));
        }
        return numbers;
    }

    private static boolean isDigits(String text) {
        return !text.isEmpty() && text.length() <= 18 && text.chars().allMatch(ch -> ch >= '0' && ch <= '9');
    }

    private static String pad(long n, int width) {
        String digits = Long.toString(n);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    private static void add(List<String> names, String name, int max) {
        if (names.size() >= max) {
            throw new IllegalArgumentException("names more than " + max + " hosts");
        }
        names.add(name);
    }
}
