package io.quarry.examples.starter;

/**
 * A product of the catalog, as stored in the index.
 *
 * @param objectID the record's ID
 * @param name     the product name
 * @param brand    the brand
 */
public record Product(String objectID, String name, String brand) {}
