package io.quarry.apifixture;

import java.util.List;

/**
 * A record: components, a compact constructor, another constructor, a static factory.
 *
 * @param radius the radius
 * @param labels the labels
 */
public record Circle(double radius, List<String> labels) implements Shape {

    /** The checks of the canonical constructor. */
    public Circle {
        labels = List.copyOf(labels);
    }

    /**
     * A circle without labels.
     *
     * @param radius the radius
     */
    public Circle(double radius) {
        this(radius, List.of());
    }

    /**
     * A circle of radius one.
     *
     * @return the circle
     */
    public static Circle unit() {
        return new Circle(1);
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }
}
