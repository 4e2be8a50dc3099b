package io.quarry.search.model;

/**
 * A record a rule removes from the results.
 *
 * @param objectID the record
 */
public record HiddenRecord(String objectID) {}
