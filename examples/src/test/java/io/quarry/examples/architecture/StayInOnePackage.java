package io.quarry.examples.architecture;

import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import java.util.List;

/**
 * A cycle of classes stays inside one package: packages then depend on each other one way along every chain of
 * classes, and a reading of a class's imports never leads back to it through another package. A violation shows the
 * shortest such way round, one dependency a line.
 */
final class StayInOnePackage extends ArchCondition<ClassCycle> {

    StayInOnePackage() {
        super("stay inside one package");
    }

    @Override
    public void check(ClassCycle cycle, ConditionEvents events) {
        cycle.shortestLoopAcrossPackages().ifPresent(loop -> events.add(violated(cycle, describe(cycle, loop))));
    }

    private static String describe(ClassCycle cycle, List<Dependency> loop) {
        StringBuilder text = new StringBuilder("classes of ")
                .append(String.join(" and ", cycle.packages()))
                .append(" depend on each other (")
                .append(cycle.dependencies().size())
                .append(" classes in the cycle); the shortest way round:");
        for (Dependency step : loop) {
            text.append(System.lineSeparator()).append("    ").append(step.getDescription());
        }
        return text.toString();
    }
}
