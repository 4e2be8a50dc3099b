package io.quarry.monitoring.model;

import java.util.List;

/**
 * The servers of the application.
 *
 * @param inventory the servers
 */
public record InventoryResponse(List<InventoryServer> inventory) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param inventory see the record description
     */
    public InventoryResponse {
        inventory = Copies.list(inventory);
    }
}
