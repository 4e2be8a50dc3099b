package io.quarry.mockserver.container;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a container test class only where Docker runs and the image is built. Without Docker the class is skipped,
 * saying why, except in CI ({@code CI=true}), where the containers stage must have one, and the class fails. A
 * missing image fails it everywhere: it is built first (bash mock-server/container/build-image.sh).
 */
final class DockerRequired implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String why = Docker.unavailableBecause();
        if (why != null) {
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException("CI runs the container tests, but " + why);
            }
            return ConditionEvaluationResult.disabled("container tests skipped: " + why);
        }
        try {
            Docker.run("image", "inspect", "--format", "{{.Id}}", Docker.IMAGE);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(
                    "no image " + Docker.IMAGE + ": build it with bash mock-server/container/build-image.sh", e);
        }
        return ConditionEvaluationResult.enabled("Docker answers and " + Docker.IMAGE + " is built");
    }
}
