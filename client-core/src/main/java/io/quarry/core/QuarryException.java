package io.quarry.core;

import java.util.Objects;

/**
 * Root of every exception the Quarry clients throw; unchecked and sealed: the subtypes below are
 * all there is, so a chain of {@code catch} clauses (or, on Java 21 and later, a pattern {@code switch}) can
 * handle every case.
 *
 * <ul>
 *   <li>{@link ApiException}: the service answered with an error status (one subclass per status);</li>
 *   <li>{@link UnreachableHostsException}: every host failed; lists each attempt;</li>
 *   <li>{@link TransportException}: one network-level failure, as recorded in the attempts;</li>
 *   <li>{@link DeserializationException}: a success response did not hold the expected JSON;</li>
 *   <li>{@link WaitTimeoutException}: a helper stopped waiting for an operation that may still complete;</li>
 *   <li>{@link ConfigurationException}: invalid client configuration;</li>
 *   <li>{@link InvalidRequestException}: a request rejected before any I/O (bad path segment, unserialisable body);</li>
 *   <li>{@link ClientClosedException}: the call was refused or cancelled because the client was closed;</li>
 *   <li>{@link WriteOutcomeUnknownException}: a write not safe to repeat failed after it may have been applied,
 *       so it was not retried;</li>
 *   <li>{@link PartialWriteException}: a write sent as several requests stopped after one failed; says which
 *       records were acknowledged and which were not;</li>
 *   <li>{@link ReplaceAllException}: a replacement of every record of an index failed at one step, leaving the
 *       index unchanged; names the temporary index and whether it was deleted;</li>
 *   <li>{@link WriteRefusedException}: a long-lived writer (an ingester) did not take a record: full for too
 *       long, interrupted, or closed.</li>
 * </ul>
 * No message of any of them contains an API key.
 */
public abstract sealed class QuarryException extends RuntimeException
        permits ApiException,
                UnreachableHostsException,
                TransportException,
                DeserializationException,
                WaitTimeoutException,
                ConfigurationException,
                InvalidRequestException,
                ClientClosedException,
                WriteOutcomeUnknownException,
                PartialWriteException,
                ReplaceAllException,
                WriteRefusedException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception. A message is required: every subtype's public constructor that takes one refuses null,
     * naming the parameter {@code message}, as the rest of the API refuses a null it cannot use.
     *
     * @param message the message
     * @param cause   the cause, may be null
     */
    QuarryException(String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
    }
}
