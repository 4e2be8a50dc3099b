package io.quarry.examples.architecture;

import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import java.util.Optional;

/**
 * Of the project's own classes, a client module's class uses only its module's and the core's: no other client
 * module, no mock server, no test support.
 */
final class DependOnlyOnTheirModuleAndTheCore extends ArchCondition<JavaClass> {

    private final String corePackage;

    DependOnlyOnTheirModuleAndTheCore(String corePackage) {
        super("depend on no Quarry module but their own and " + corePackage);
        this.corePackage = corePackage;
    }

    @Override
    public void check(JavaClass origin, ConditionEvents events) {
        String ownModule = QuarryPackages.moduleRoot(origin).orElseThrow();
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
            Optional<String> targetModule = QuarryPackages.moduleRoot(dependency.getTargetClass());
            if (targetModule.isPresent()
                    && !targetModule.get().equals(ownModule)
                    && !targetModule.get().equals(corePackage)) {
                events.add(violated(dependency, dependency.getDescription() + ", a class of " + targetModule.get()));
            }
        }
    }
}
