package io.quarry.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The example catalogue shipped with the examples: 3,000 made-up products (see data/generate_products.py). */
public final class Catalogue {

    private Catalogue() {}

    /**
     * Reads the catalogue from the class path.
     *
     * @return the products, in objectID order
     */
    public static List<Product> products() {
        try (InputStream in = Catalogue.class.getResourceAsStream("products.json")) {
            if (in == null) {
                throw new IllegalStateException("products.json is missing from the class path");
            }
            return JsonMapper.builder().build().readValue(in, new TypeReference<List<Product>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
