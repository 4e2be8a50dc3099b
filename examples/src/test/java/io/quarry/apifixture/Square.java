package io.quarry.apifixture;

/** A permitted class that is not final itself: it permits subclasses of its own. */
public non-sealed class Square implements Shape {

    private final double side;

    /**
     * A square.
     *
     * @param side the length of a side
     */
    public Square(double side) {
        this.side = side;
    }

    @Override
    public double area() {
        return side * side;
    }

    /**
     * A copy, declared with a narrower return type than {@link Object#clone()}-like methods would use: the compiler
     * adds a bridge method for the covariant override in {@link Tile}, which is not listed.
     *
     * @return a copy
     */
    public Square copy() {
        return new Square(side);
    }
}
