package io.quarry.core.spi;

import io.quarry.core.Host;

/**
 * A try of a call on one host.
 *
 * @param host   the host tried
 * @param number the try's number in its call, from 1
 */
public record TryStart(Host host, int number) {}
