package io.quarry.personalization;

import java.util.Locale;

/** Where the application's personalization data live: the client must call the host of that region. */
public enum Region {
    /** The United States host. */
    US,
    /** The European host. */
    EU;

    /**
     * The host label of the region, such as {@code us}.
     *
     * @return the label
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
