package io.quarry.apifixture;

/** A subclass overriding with a covariant return type (the compiler adds a bridge method). */
public class Tile extends Square {

    /** A tile of side one. */
    public Tile() {
        super(1);
    }

    @Override
    public Tile copy() {
        return new Tile();
    }
}
