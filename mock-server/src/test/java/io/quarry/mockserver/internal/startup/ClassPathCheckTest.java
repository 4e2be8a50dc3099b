package io.quarry.mockserver.internal.startup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The mock server's own check of the libraries it runs on. */
class ClassPathCheckTest {

    private static Map<String, String> versions(String annotations, String databind) {
        return Map.of(ClassPathCheck.ANNOTATIONS, annotations, ClassPathCheck.DATABIND, databind);
    }

    @Test
    void aTooOldJacksonAnnotationsIsNamedWithTheVersionFoundTheVersionNeededAndTheFix() {
        assertThat(ClassPathCheck.problems(versions("2.19.2", "3.2.4")::get))
                .singleElement()
                .asString()
                .contains("mock server needs com.fasterxml.jackson.core:jackson-annotations 2.22 or newer")
                .contains("the class path has 2.19.2")
                .contains("Fix: declare com.fasterxml.jackson.core:jackson-annotations:2.22 or newer");
    }

    @Test
    void theRequirementFollowsTheDatabindOnTheClassPath() {
        assertThat(ClassPathCheck.problems(versions("2.21", "3.1.4")::get)).isEmpty();
        assertThat(ClassPathCheck.problems(versions("2.21", "3.2.0")::get)).hasSize(1);
        assertThat(ClassPathCheck.problems(versions("2.22", "3.2.4")::get)).isEmpty();
    }

    @Test
    void unknownVersionsAreNotJudged() {
        assertThat(ClassPathCheck.problems(artifact -> null)).isEmpty();
        assertThat(ClassPathCheck.problems(Map.of(ClassPathCheck.ANNOTATIONS, "2.19")::get))
                .isEmpty();
    }

    @Test
    void versionsCompareNumerically() {
        assertThat(ClassPathCheck.compare("2.9", "2.19")).isNegative();
        assertThat(ClassPathCheck.compare("2.22", "2.22.0")).isZero();
        assertThat(ClassPathCheck.compare("2.22.1-rc1", "2.22")).isPositive();
    }

    @Test
    void theBuildsOwnClassPathPasses() {
        assertThatCode(ClassPathCheck::requireCompatible).doesNotThrowAnyException();
    }

    @Test
    void theVersionsAreReadFromTheJarsOnTheClassPath() {
        assertThat(ClassPathCheck.versionFound(ClassPathCheck.DATABIND)).startsWith("3.");
        assertThat(ClassPathCheck.versionFound(ClassPathCheck.ANNOTATIONS)).startsWith("2.");
    }
}
