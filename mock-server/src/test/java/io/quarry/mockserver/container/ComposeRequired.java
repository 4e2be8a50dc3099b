package io.quarry.mockserver.container;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test class only where Docker Compose v2 ({@code docker compose}) runs. Without it the class is skipped,
 * saying why, except in CI ({@code CI=true}), where the containers stage installs it, and the class fails. After
 * {@link DockerRequired}, which says whether Docker itself runs.
 */
final class ComposeRequired implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        try {
            return ConditionEvaluationResult.enabled("Docker Compose " + Docker.run("compose", "version", "--short"));
        } catch (RuntimeException e) {
            String why = "no Docker Compose v2 (docker compose version: " + e.getMessage() + ")";
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException("CI runs the Compose tests, but " + why, e);
            }
            return ConditionEvaluationResult.disabled("Compose tests skipped: " + why);
        }
    }
}
