package io.quarry.apifixture;

/** An enum with a field and a method; its constants are listed in their order, which is their ordinals'. */
public enum Colour {
    RED("#f00"),
    GREEN("#0f0");

    private final String hex;

    Colour(String hex) {
        this.hex = hex;
    }

    /**
     * The colour as CSS writes it.
     *
     * @return such as {@code #f00}
     */
    public String hex() {
        return hex;
    }
}
