/**
 * The answers product: finds, in the records a search returns for a question, the sentence that best answers it.
 * Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.products.answers;
