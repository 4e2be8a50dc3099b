package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The listing of the fixture API ({@code io.quarry.apifixture}, one of each kind of type and member) is the one
 * written out by hand in the test resources: this is what the renderer promises for each construct.
 */
class ApiListingOfTheFixtureTest {

    @Test
    void theFixtureIsListedAsExpected() throws IOException {
        List<String> listing = ApiListing.of(new ClassFileImporter().importPackages("io.quarry.apifixture"));

        assertThat(LineDiff.unified(expected(), listing))
                .as("difference from apifixture-public-api.txt (- expected, + rendered)")
                .isEmpty();
    }

    private static List<String> expected() throws IOException {
        try (InputStream in = ApiListingOfTheFixtureTest.class.getResourceAsStream("apifixture-public-api.txt")) {
            assertThat(in).as("apifixture-public-api.txt beside this test").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
