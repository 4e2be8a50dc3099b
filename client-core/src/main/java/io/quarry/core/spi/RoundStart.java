package io.quarry.core.spi;

import java.time.Duration;

/**
 * A call starts another round of tries: every host failed the previous round, and the call's
 * {@link io.quarry.core.RetryRounds} policy lets it try them again. Told before the wait, so a long outage shows
 * while it lasts; the round's first try follows the wait.
 *
 * @param number the round's number in its call, from 2 (the first round is the call's first tries)
 * @param delay  how long the call waits before the round's first try
 */
public record RoundStart(int number, Duration delay) {}
