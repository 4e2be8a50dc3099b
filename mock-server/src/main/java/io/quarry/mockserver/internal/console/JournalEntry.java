package io.quarry.mockserver.internal.console;

/**
 * One answered request as the journal keeps it: no key, and bodies cut at {@link Journal#BODY_CHARS} characters.
 *
 * @param seq its number, increasing from 1 since the server started
 * @param atMillis when it was answered, epoch milliseconds
 * @param host the host (port) it came to, numbered from 0
 * @param method the HTTP method
 * @param path the path and query, keys masked, cut at {@link Journal#PATH_CHARS} characters
 * @param index the index named by the path, or {@code null}
 * @param status the status sent, 0 when the connection was closed without an answer
 * @param micros how long it took to answer, in microseconds
 * @param requestBytes the request body's size
 * @param responseBytes the answer body's size, before compression
 * @param caller the key's description or its masked value, "admin key", "no key" or "refused key"
 * @param fault the scripted fault that changed the answer, by its name in the fault table, or {@code null}
 * @param requestBody the start of the request body, secrets masked
 * @param responseBody the start of the answer body, secrets masked
 */
record JournalEntry(
        long seq,
        long atMillis,
        int host,
        String method,
        String path,
        String index,
        int status,
        long micros,
        int requestBytes,
        int responseBytes,
        String caller,
        String fault,
        String requestBody,
        String responseBody) {}
