package io.quarry.examples.architecture;

import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import java.util.Optional;

/** A class may use an internal package of its own module only (the core's internals are the core's alone). */
final class UseOnlyTheirOwnModulesInternals extends ArchCondition<JavaClass> {

    UseOnlyTheirOwnModulesInternals() {
        super("use no internal package of another module");
    }

    @Override
    public void check(JavaClass origin, ConditionEvents events) {
        Optional<String> ownModule = QuarryPackages.moduleRoot(origin);
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
            JavaClass target = dependency.getTargetClass();
            if (QuarryPackages.isInternal(target)
                    && !QuarryPackages.moduleRoot(target).equals(ownModule)) {
                events.add(violated(
                        dependency,
                        dependency.getDescription() + ", internal to "
                                + QuarryPackages.moduleRoot(target).orElseThrow()));
            }
        }
    }
}
