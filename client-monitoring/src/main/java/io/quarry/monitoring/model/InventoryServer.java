package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A server of the application's inventory.
 *
 * @param name the server's name
 * @param region its region
 * @param replica whether it is a replica (a read-only copy serving searches nearer to users)
 * @param cluster the cluster it belongs to
 * @param status its life-cycle state, such as {@code PRODUCTION}
 * @param type its kind, such as {@code cluster}
 */
public record InventoryServer(
        String name,
        String region,
        @JsonProperty("is_replica") boolean replica,
        String cluster,
        String status,
        String type) {}
