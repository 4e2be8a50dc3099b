package io.quarry.search.model;

/**
 * A user's cluster assignment (values a few seconds behind real time).
 *
 * @param userID      the user
 * @param clusterName the cluster
 * @param nbRecords   records of the user
 * @param dataSize    data size of the user
 * @param objectID    the entry ID (search answers)
 */
public record UserMapping(String userID, String clusterName, Long nbRecords, Long dataSize, String objectID) {}
