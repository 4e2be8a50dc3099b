package io.quarry.examples.starter;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application with the Quarry starter: its {@code quarry.*} properties (or {@code QUARRY_*}
 * environment variables) configure the clients, and {@link ProductCatalog} gets them injected.
 */
@SpringBootApplication
public class CatalogApplication {

    /**
     * Starts the application.
     *
     * @param args Spring Boot's arguments
     */
    public static void main(String[] args) {
        SpringApplication.run(CatalogApplication.class, args);
    }
}
