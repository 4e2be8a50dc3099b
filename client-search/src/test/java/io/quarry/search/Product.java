package io.quarry.search;

/** A record type of a user's, for decoding tests. */
record Product(String objectID, String name, String brand, Integer price) {}
