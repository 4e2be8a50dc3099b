package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A library older than Quarry needs is named, with the version found and the fix, before the first call. */
class ClassPathCheckTest {

    private static Function<String, String> versions(String databind, String annotations) {
        return Map.of(ClassPathCheck.DATABIND, databind, ClassPathCheck.ANNOTATIONS, annotations)::get;
    }

    @Test
    void thisClassPathPasses() {
        assertThatCode(ClassPathCheck::requireCompatible).doesNotThrowAnyException();
    }

    @Test
    void anOldJacksonAnnotationsIsNamedWithTheVersionFoundAndTheFix() {
        List<String> problems = ClassPathCheck.problems(name -> true, versions("3.2.4", "2.19.2"));
        assertThat(problems)
                .singleElement()
                .asString()
                .contains("com.fasterxml.jackson.core:jackson-annotations 2.22 or newer")
                .contains("the class path has 2.19.2")
                .contains("Fix: declare com.fasterxml.jackson.core:jackson-annotations:2.22");
    }

    @Test
    void theAnnotationsNeededFollowTheDatabindOnTheClassPath() {
        assertThat(ClassPathCheck.problems(name -> true, versions("3.1.4", "2.21")))
                .isEmpty();
        assertThat(ClassPathCheck.problems(name -> true, versions("3.2.4", "2.21")))
                .hasSize(1);
        assertThat(ClassPathCheck.problems(name -> true, versions("3.2.4", "2.22.1")))
                .isEmpty();
        assertThat(ClassPathCheck.annotationsNeededBy("3.0.0-rc9")).isEqualTo("2.20");
        assertThat(ClassPathCheck.annotationsNeededBy(null)).isNull();
        assertThat(ClassPathCheck.compare("2.9", "2.19")).isNegative();
        assertThat(ClassPathCheck.compare("2.22", "2.22.0")).isZero();
        assertThat(ClassPathCheck.compare("2.21.0-rc1", "2.21")).isZero();
        assertThat(ClassPathCheck.compare("3", "2.99")).isPositive();
        assertThat(ClassPathCheck.annotationsNeededBy("3.12-SNAPSHOT")).isEqualTo("2.32");
        assertThat(ClassPathCheck.annotationsNeededBy("3")).isNull();
    }

    @Test
    void everyMarkerClassExistsOnTheClassPathTheBuildUses() {
        ClassPathCheck.REQUIREMENTS.forEach(requirement ->
                assertThatCode(() -> Class.forName(requirement.marker())).doesNotThrowAnyException());
    }

    @Test
    void theVersionsReadWithTheClassesAreTheMavenMetadatasOnes() {
        for (String artifact : List.of(ClassPathCheck.DATABIND, ClassPathCheck.ANNOTATIONS)) {
            assertThat(ClassPathCheck.pomVersion(artifact)).as(artifact).isNotNull();
            assertThat(ClassPathCheck.versionFound(artifact))
                    .as(artifact)
                    .isEqualTo(ClassPathCheck.pomVersion(artifact));
        }
    }

    @Test
    void anUnknownVersionIsSaidToBeOlder() {
        assertThat(ClassPathCheck.problems(name -> !name.startsWith("kotlin."), artifact -> null))
                .singleElement()
                .asString()
                .contains("org.jetbrains.kotlin:kotlin-stdlib 1.9 or newer")
                .contains("an older version");
    }
}
