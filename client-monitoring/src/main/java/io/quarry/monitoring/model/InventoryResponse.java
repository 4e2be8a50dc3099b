package io.quarry.monitoring.model;

import java.util.List;

/**
 * The servers of the application.
 *
 * @param inventory the servers
 */
public record InventoryResponse(List<InventoryServer> inventory) {

    /**
     * Copies the list; a missing one is empty.
     *
     * @param inventory see the record description
     */
    public InventoryResponse {
        inventory = inventory == null ? List.of() : List.copyOf(inventory);
    }
}
