package io.fabricpulse.server.notify;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where the server may post webhooks: anywhere but inward. Refused are the addresses of the server itself
 * and its networks (loopback, "this network", private ranges, carrier-grade NAT, link-local with the
 * clouds' metadata services, IPv6 unique-local, site-local and link-local, multicast, reserved and
 * documentation ranges), in whatever spelling a URL carries them: decimal, octal and hex IPv4 in one to
 * four parts ({@code 2852039166}, {@code 0251.0376.0251.0376}, {@code 0xA9FEA9FE}), IPv4 inside IPv6
 * (mapped, compatible, NAT64, 6to4, Teredo), and names that mean them ({@code localhost},
 * {@code metadata.google.internal}). A name is resolved and every address it has must be outward. An
 * admin opens a range with {@code fabricpulse.notify.allowed-ranges} (an internal chat server's network;
 * the tests' local sinks).
 *
 * <p>Checked when a webhook is stored or configured, and again at each post on the address the post then
 * connects to ({@code outbox.CheckedAddressResolver}), so a name that points elsewhere later (DNS rebinding)
 * is caught when it matters.
 */
public final class OutboundAddresses {

    /** A CIDR range. */
    record Range(byte[] network, int prefix, String text) {

        static Range parse(String cidr) {
            String text = cidr.strip();
            int slash = text.indexOf('/');
            String address = slash < 0 ? text : text.substring(0, slash);
            byte[] network = literal(address).map(InetAddress::getAddress)
                    .orElseThrow(() -> new IllegalArgumentException("'" + cidr + "' is not an address/prefix"));
            int bits = network.length * 8;
            int prefix;
            try {
                prefix = slash < 0 ? bits : Integer.parseInt(text.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + cidr + "' has no prefix length after the '/'");
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("'" + cidr + "': the prefix length must be 0 to " + bits);
            }
            return new Range(network, prefix, text);
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = 0xFF << (8 - rest) & 0xFF;
            return (address[full] & mask) == (network[full] & mask);
        }
    }

    private static final List<Range> INWARD = List.of(
            "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
            "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
            "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
            "::/128", "::1/128", "100::/64", "2001:db8::/32", "fc00::/7", "fec0::/10", "fe80::/10", "ff00::/8")
            .stream().map(Range::parse).toList();

    /** Names that mean the server itself or a cloud's metadata service, whatever DNS says (or cannot say) here. */
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "localhost.localdomain", "ip6-localhost",
            "ip6-loopback");
    private static final Set<String> METADATA_NAMES = Set.of("metadata", "metadata.google.internal", "metadata.goog",
            "instance-data", "instance-data.ec2.internal", "metadata.azure.com", "metadata.platformequinix.com");
    private static final byte[] METADATA = {(byte) 169, (byte) 254, (byte) 169, (byte) 254};
    private static final byte[] IPV6_LOOPBACK = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};

    private final List<Range> allowed;

    private OutboundAddresses(List<Range> allowed) {
        this.allowed = List.copyOf(allowed);
    }

    /**
     * @param ranges CIDR ranges an admin opened ({@code 10.20.0.0/16}, {@code fd00:1::/64}, {@code 127.0.0.1/32})
     * @throws IllegalArgumentException naming every range that is not one
     */
    public static OutboundAddresses allowing(List<String> ranges) {
        List<Range> parsed = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (String range : ranges) {
            try {
                parsed.add(Range.parse(range));
            } catch (IllegalArgumentException e) {
                wrong.add(e.getMessage());
            }
        }
        if (!wrong.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", wrong));
        }
        return new OutboundAddresses(parsed);
    }

    /** Nothing opened: every inward address refused. */
    public static OutboundAddresses strict() {
        return new OutboundAddresses(List.of());
    }

    /**
     * Why a URL's host may not be posted to, decided without DNS: an address literal (any spelling) or a name
     * that means an inward address; empty when the host is an outward address or a name to resolve.
     */
    public Optional<String> refusalOfHost(String host) {
        String name = normalised(host);
        if (name.contains("%")) {
            return Optional.of("host '" + host + "' names a network interface (a scoped address); only global "
                    + "addresses are allowed");
        }
        Optional<InetAddress> literal = literal(name);
        if (literal.isPresent()) {
            return refusalOf(literal.get());
        }
        if (endsInNumber(name)) {
            return Optional.of("host '" + host + "' is neither a host name nor an address");
        }
        if (LOOPBACK_NAMES.contains(name) || name.endsWith(".localhost")) {
            // Both loopbacks: such a name means either, and a post may go to whichever it resolves to first.
            return refusalOf(address(new byte[] {127, 0, 0, 1})).or(() -> refusalOf(address(IPV6_LOOPBACK)))
                    .map(reason -> "host '" + host + "' is this machine");
        }
        if (METADATA_NAMES.contains(name)) {
            return refusalOf(address(METADATA)).map(reason -> "host '" + host + "' is a cloud metadata service");
        }
        return Optional.empty();
    }

    /** Why the server may not connect to {@code address}; empty when it may. */
    public Optional<String> refusalOf(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (inRange(allowed, bytes)) {
            return Optional.empty();
        }
        byte[] embedded = embeddedIpv4(address);
        if (embedded != null && inRange(allowed, embedded)) {
            return Optional.empty();
        }
        if (inRange(INWARD, bytes) || embedded != null && inRange(INWARD, embedded) || address.isAnyLocalAddress()
                || address.isLoopbackAddress() || address.isLinkLocalAddress() || address.isSiteLocalAddress()
                || address.isMulticastAddress()) {
            return Optional.of(address.getHostAddress() + " is inward (loopback, private, link-local, metadata or "
                    + "reserved); an admin can open its range with fabricpulse.notify.allowed-ranges");
        }
        return Optional.empty();
    }

    /**
     * Resolves {@code host} and checks every address it has (all must be allowed: a name that also points
     * inward is refused).
     *
     * @throws OutboundRefusedException when any is refused
     * @throws UnknownHostException     when the name does not resolve
     */
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        Optional<String> byName = refusalOfHost(host);
        if (byName.isPresent()) {
            throw new OutboundRefusedException(byName.get());
        }
        String name = normalised(host);
        Optional<InetAddress> literal = literal(name);
        List<InetAddress> addresses = literal.isPresent() ? List.of(literal.get())
                : Arrays.asList(InetAddress.getAllByName(name));
        for (InetAddress address : addresses) {
            Optional<String> refusal = refusalOf(address);
            if (refusal.isPresent()) {
                throw new OutboundRefusedException("host '" + host + "' resolves to " + refusal.get());
            }
        }
        return addresses;
    }

    /** A host that may not be posted to. */
    public static final class OutboundRefusedException extends UnknownHostException {

        public OutboundRefusedException(String reason) {
            super(reason);
        }
    }

    private static String normalised(String host) {
        String name = host.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    }

    /** Whether the last label is a number: never a name (WHATWG URL's rule), so an address or nothing. */
    private static boolean endsInNumber(String name) {
        String last = name.substring(name.lastIndexOf('.') + 1);
        return !last.isEmpty() && (last.chars().allMatch(Character::isDigit)
                || last.startsWith("0x") && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0));
    }

    /** An IPv6 literal, or IPv4 in inet_aton's forms (1 to 4 parts; decimal, 0-octal, 0x-hex); empty for names. */
    static Optional<InetAddress> literal(String host) {
        if (host.contains(":")) {
            if (!host.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
                return Optional.empty();
            }
            try {
                return Optional.of(InetAddress.getByName(host)); // an IPv6 literal: parsed, never looked up
            } catch (UnknownHostException e) {
                return Optional.empty();
            }
        }
        String[] parts = host.split("\\.", -1);
        if (parts.length < 1 || parts.length > 4) {
            return Optional.empty();
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Long value = number(parts[i]);
            if (value == null) {
                return Optional.empty();
            }
            values[i] = value;
        }
        long address = 0;
        for (int i = 0; i < values.length - 1; i++) {
            if (values[i] > 255) {
                return Optional.empty();
            }
            address |= values[i] << (24 - 8 * i);
        }
        long last = values[values.length - 1];
        int lastBytes = 5 - values.length;
        if (last >= 1L << (8 * lastBytes)) {
            return Optional.empty();
        }
        address |= last;
        return Optional.of(address(new byte[] {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8),
                (byte) address}));
    }

    private static Long number(String part) {
        try {
            if (part.startsWith("0x")) {
                return part.length() == 2 ? 0L : Long.parseLong(part.substring(2), 16);
            }
            if (part.length() > 1 && part.startsWith("0")) {
                return Long.parseLong(part.substring(1), 8);
            }
            return part.isEmpty() || part.length() > 12 ? null : Long.parseLong(part);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The IPv4 address inside an IPv6 one (mapped, compatible, NAT64, 6to4, Teredo), or null. */
    private static byte[] embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return null;
        }
        byte[] b = address.getAddress();
        boolean zeros80 = allZero(b, 0, 10);
        if (zeros80 && (b[10] == (byte) 0xff && b[11] == (byte) 0xff || b[10] == 0 && b[11] == 0)) {
            return Arrays.copyOfRange(b, 12, 16); // ::ffff:a.b.c.d, ::a.b.c.d
        }
        if (b[0] == 0 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b) {
            return Arrays.copyOfRange(b, 12, 16); // 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64)
        }
        if (b[0] == 0x20 && b[1] == 0x02) {
            return Arrays.copyOfRange(b, 2, 6); // 2002::/16 (6to4)
        }
        if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) {
            byte[] client = Arrays.copyOfRange(b, 12, 16); // 2001::/32 (Teredo): the client, inverted
            for (int i = 0; i < 4; i++) {
                client[i] = (byte) ~client[i];
            }
            return client;
        }
        return null;
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean inRange(List<Range> ranges, byte[] address) {
        for (Range range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    private static InetAddress address(byte[] bytes) {
        try {
            return bytes.length == 4 ? Inet4Address.getByAddress(bytes) : Inet6Address.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four or sixteen bytes are an address", e);
        }
    }
}
