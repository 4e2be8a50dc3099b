package io.quarry.examples.oldjackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ConfigurationException;
import io.quarry.spring.QuarryAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * With Spring Boot 3's jackson-annotations, an application with the starter does not start, and Spring Boot's
 * failure report names the library and says to declare it, not to set a property.
 */
@ExtendWith(OutputCaptureExtension.class)
class StarterOnOldJacksonAnnotationsTest {

    @Test
    void theFailureReportSaysWhichLibraryToDeclare(CapturedOutput output) {
        SpringApplication application = new SpringApplication(Application.class);
        application.setWebApplicationType(WebApplicationType.NONE);

        assertThatThrownBy(() -> application.run(
                        "--quarry.application-id=APP",
                        "--quarry.api-key=key",
                        "--spring.main.banner-mode=off",
                        "--logging.level.root=error"))
                .hasRootCauseInstanceOf(ConfigurationException.class);

        assertThat(output)
                .contains("A Quarry client could not be created on this class path: Quarry needs"
                        + " com.fasterxml.jackson.core:jackson-annotations 2.22 or newer")
                .contains("Declare the library the description names, at the version it gives, ahead of Spring"
                        + " Boot's dependency management")
                .doesNotContain("Set the property");
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(QuarryAutoConfiguration.class)
    static class Application {}
}
