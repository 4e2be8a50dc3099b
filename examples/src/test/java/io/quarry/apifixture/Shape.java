package io.quarry.apifixture;

/** A sealed interface with a default and a static method; one permitted class is not public. */
public sealed interface Shape permits Circle, Square, Blob {

    /**
     * The area.
     *
     * @return the area
     */
    double area();

    /**
     * Whether the shape covers nothing.
     *
     * @return true for a zero area
     */
    default boolean isEmpty() {
        return area() == 0;
    }

    /**
     * A unit square.
     *
     * @return the shape
     */
    static Shape unit() {
        return new Square(1);
    }
}
