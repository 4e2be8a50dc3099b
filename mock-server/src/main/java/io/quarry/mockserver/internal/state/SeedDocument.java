package io.quarry.mockserver.internal.state;

import tools.jackson.databind.JsonNode;

/**
 * A seed document and where it came from, so that a refusal of one of several (the files of a seed directory) says
 * which.
 *
 * @param source what names it in an error, such as {@code the seed file seed/products.json}; {@code null} for a
 *     document that needs no naming (the only one sent)
 * @param json the document
 */
public record SeedDocument(String source, JsonNode json) {}
