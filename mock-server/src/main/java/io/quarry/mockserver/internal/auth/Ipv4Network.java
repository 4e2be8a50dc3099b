package io.quarry.mockserver.internal.auth;

/**
 * An IPv4 network in CIDR notation ({@code 192.168.1.0/24}; a bare address is a /32), for {@code restrictSources}:
 * four decimal octets of ASCII digits and a prefix length of one or two. IPv6 networks are refused, and an IPv6
 * caller is inside no network.
 */
final class Ipv4Network {

    private final int address;
    private final int mask;

    private Ipv4Network(int address, int mask) {
        this.address = address;
        this.mask = mask;
    }

    /**
     * {@return it parsed}
     *
     * @param cidr the network
     * @throws IllegalArgumentException when it is not IPv4 CIDR
     */
    static Ipv4Network parse(String cidr) {
        String text = cidr.trim();
        int slash = text.indexOf('/');
        int bits = 32;
        if (slash >= 0) {
            String prefix = text.substring(slash + 1);
            if (prefix.isEmpty() || prefix.length() > 2 || !asciiDigits(prefix)) {
                throw new IllegalArgumentException("prefix length is not one or two digits");
            }
            bits = Integer.parseInt(prefix);
            text = text.substring(0, slash);
        }
        if (bits < 0 || bits > 32) {
            throw new IllegalArgumentException("prefix length out of range");
        }
        Integer ip = toInt(text);
        if (ip == null) {
            throw new IllegalArgumentException("not an IPv4 address");
        }
        int mask = bits == 0 ? 0 : -1 << (32 - bits);
        return new Ipv4Network(ip & mask, mask);
    }

    /**
     * {@return whether it is an IPv4 address inside this network}
     *
     * @param ip an address
     */
    boolean contains(String ip) {
        Integer value = toInt(ip);
        return value != null && (value & mask) == address;
    }

    private static Integer toInt(String ip) {
        String[] parts = ip.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        int value = 0;
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !asciiDigits(part)) {
                return null;
            }
            int octet = Integer.parseInt(part);
            if (octet > 255) {
                return null;
            }
            value = (value << 8) | octet;
        }
        return value;
    }

    /** Only 0 to 9: {@link Integer#parseInt} also reads other scripts' digits and a sign. */
    private static boolean asciiDigits(String text) {
        return text.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
