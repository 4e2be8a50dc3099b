package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A library older than Quarry needs is named, with the version found and the fix, before the first call. */
class ClassPathCheckTest {

    @Test
    void thisClassPathPasses() {
        assertThatCode(ClassPathCheck::requireCompatible).doesNotThrowAnyException();
        assertThat(ClassPathCheck.problems(name -> true, artifact -> null)).isEmpty();
    }

    @Test
    void anOldJacksonAnnotationsIsNamedWithTheVersionFoundAndTheFix() {
        List<String> problems = ClassPathCheck.problems(
                name -> !name.equals("com.fasterxml.jackson.annotation.JsonApplyView"),
                artifact -> artifact.endsWith("jackson-annotations") ? "2.17.2" : null);
        assertThat(problems)
                .singleElement()
                .asString()
                .contains("com.fasterxml.jackson.core:jackson-annotations 2.22 or newer")
                .contains("the class path has 2.17.2")
                .contains("Fix: declare com.fasterxml.jackson.core:jackson-annotations:2.22");
    }

    @Test
    void everyMarkerClassExistsOnTheClassPathTheBuildUses() {
        ClassPathCheck.REQUIREMENTS.forEach(requirement ->
                assertThatCode(() -> Class.forName(requirement.marker())).doesNotThrowAnyException());
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
