package io.quarry.apifixture;

/** A permitted class callers cannot name: counted in the listing's {@code permits}, not named. */
final class Blob implements Shape {

    @Override
    public double area() {
        return 0;
    }
}
