package io.quarry.core.internal.base;

/** What a header's name may be, for every place that takes one from a caller or an observer. */
public final class HeaderNames {

    private HeaderNames() {}

    /**
     * {@return whether the name is an HTTP token (RFC 9110, section 5.1), what a header's name must be}
     *
     * @param name the name; null is no token
     */
    public static boolean isToken(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!alphanumeric && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
