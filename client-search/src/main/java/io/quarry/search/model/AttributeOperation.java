package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.spi.CopyOnWrite;
import java.util.Objects;

/**
 * A built-in operation used as an attribute value in a partial update, e.g.
 * {@code Map.of("stock", AttributeOperation.decrement(1))}. Only {@code IncrementFrom} and
 * {@code IncrementSet} are idempotent: a retried Increment, Decrement or Add can apply twice.
 *
 * @param operation the operation name
 * @param value     its operand; a map, list or array is kept as an unmodifiable copy, all the way down
 */
public record AttributeOperation(@JsonProperty("_operation") String operation, Object value) {

    /**
     * Checks the operation is complete: a null member would be left out of the request, and the service would
     * store the rest of the object as the attribute's value, or refuse it. Keeps a copy of a map, list or array
     * operand.
     *
     * @param operation the operation name
     * @param value     its operand
     * @throws NullPointerException when either is null
     */
    public AttributeOperation {
        Objects.requireNonNull(operation, "operation");
        value = CopyOnWrite.unmodifiable(Objects.requireNonNull(value, "value"));
    }

    /**
     * An Increment (not idempotent).
     *
     * @param by amount
     * @return an Increment (not idempotent)
     */
    public static AttributeOperation increment(Number by) {
        return new AttributeOperation("Increment", by);
    }

    /**
     * A Decrement (not idempotent).
     *
     * @param by amount
     * @return a Decrement (not idempotent)
     */
    public static AttributeOperation decrement(Number by) {
        return new AttributeOperation("Decrement", by);
    }

    /**
     * An Add (not idempotent).
     *
     * @param element number or string to append
     * @return an Add (not idempotent)
     */
    public static AttributeOperation add(Object element) {
        return new AttributeOperation("Add", element);
    }

    /**
     * A Remove.
     *
     * @param element number or string to remove everywhere in the array
     * @return a Remove
     */
    public static AttributeOperation remove(Object element) {
        return new AttributeOperation("Remove", element);
    }

    /**
     * An AddUnique.
     *
     * @param element number or string to add when absent
     * @return an AddUnique
     */
    public static AttributeOperation addUnique(Object element) {
        return new AttributeOperation("AddUnique", element);
    }

    /**
     * An IncrementFrom (idempotent).
     *
     * @param expected the current value expected
     * @return an IncrementFrom (idempotent)
     */
    public static AttributeOperation incrementFrom(long expected) {
        return new AttributeOperation("IncrementFrom", expected);
    }

    /**
     * An IncrementSet (idempotent).
     *
     * @param newValue the value to set if greater than the current one
     * @return an IncrementSet (idempotent)
     */
    public static AttributeOperation incrementSet(long newValue) {
        return new AttributeOperation("IncrementSet", newValue);
    }
}
