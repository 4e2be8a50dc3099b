package io.quarry.examples.architecture;

import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import java.util.List;
import java.util.Optional;

/**
 * Of the project's own classes, a module's class uses only its module's and the public API (every package but the
 * {@code internal} ones) of the modules its rule allows ({@link ModuleRules}).
 */
final class UseOnlyTheModulesTheirRuleAllows extends ArchCondition<JavaClass> {

    private final String ownModule;
    private final List<String> allowed;

    UseOnlyTheModulesTheirRuleAllows(String ownModule, List<String> allowed) {
        super(
                allowed.isEmpty()
                        ? "use no Quarry module but " + ownModule
                        : "use no Quarry module but " + ownModule + " and the public API of "
                                + String.join(", ", allowed));
        this.ownModule = ownModule;
        this.allowed = List.copyOf(allowed);
    }

    @Override
    public void check(JavaClass origin, ConditionEvents events) {
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
            JavaClass target = dependency.getTargetClass();
            Optional<String> targetModule = QuarryPackages.moduleRoot(target);
            if (targetModule.isEmpty() || targetModule.get().equals(ownModule)) {
                continue;
            }
            if (!allowed.contains(targetModule.get())) {
                events.add(violated(
                        dependency,
                        dependency.getDescription() + ", a class of " + targetModule.get() + ", which " + ownModule
                                + " may not use"));
            } else if (QuarryPackages.isInternal(target)) {
                events.add(violated(dependency, dependency.getDescription() + ", internal to " + targetModule.get()));
            }
        }
    }
}
