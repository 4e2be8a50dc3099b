package io.quarry.search.internal;

/**
 * The {@code restrictSources} of a secured key as the service reads it: IPv4 networks in CIDR notation
 * ({@code 192.168.1.0/24}; a bare address is one host), comma-separated (blank items and spaces around each
 * ignored) or a JSON array of them (where a blank item is no network). Four decimal octets of ASCII digits, 0 to
 * 255, and a prefix length of one or two digits, 0 to 32.
 */
public final class SourceNetworks {

    private SourceNetworks() {}

    /**
     * {@return whether the service reads the text as networks}
     *
     * @param restrictSources the restriction
     */
    public static boolean areValid(String restrictSources) {
        if (restrictSources.trim().startsWith("[")) {
            // each item of an array is a network, a blank one too (the service refuses the key for any other)
            return RestrictionLists.read("restrictSources", restrictSources).stream()
                    .allMatch(item -> isNetwork(item.trim()));
        }
        for (String network : restrictSources.split(",", -1)) {
            if (!network.isBlank() && !isNetwork(network.trim())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNetwork(String text) {
        int slash = text.indexOf('/');
        if (slash >= 0) {
            String prefix = text.substring(slash + 1);
            if (prefix.isEmpty() || prefix.length() > 2 || !asciiDigits(prefix) || Integer.parseInt(prefix) > 32) {
                return false;
            }
            text = text.substring(0, slash);
        }
        String[] octets = text.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String octet : octets) {
            if (octet.isEmpty() || octet.length() > 3 || !asciiDigits(octet) || Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }

    private static boolean asciiDigits(String text) {
        return text.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
