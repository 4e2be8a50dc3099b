package io.quarry.examples.architecture;

import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import java.util.List;
import java.util.Set;

/**
 * A class that users can see names no internal type where users see it: its superclass and interfaces, the bounds
 * of its type parameters, and the types (with their type arguments) of its public fields, constructors and
 * methods, and of its protected ones when it can be extended. Otherwise an internal class becomes public API by
 * the back door: a user can hold it, and a change to it breaks them.
 */
final class ExposeNoInternalType extends ArchCondition<JavaClass> {

    private static final Set<JavaModifier> COMPILER_MADE = Set.of(JavaModifier.SYNTHETIC, JavaModifier.BRIDGE);

    ExposeNoInternalType() {
        super("expose no internal type in a public or protected signature");
    }

    @Override
    public void check(JavaClass type, ConditionEvents events) {
        if (!isVisibleEverywhere(type)) {
            return;
        }
        String where = type.getDescription();
        type.getSuperclass().ifPresent(superclass -> report(events, type, where, "extends", superclass));
        for (JavaType contract : type.getInterfaces()) {
            report(events, type, where, "implements", contract);
        }
        reportBounds(events, type, where, type.getTypeParameters());
        for (JavaField field : type.getFields()) {
            if (isVisible(field, type)) {
                report(events, field, field.getDescription(), "has the type", field.getType());
            }
        }
        for (JavaCodeUnit code : type.getCodeUnits()) {
            if (!isVisible(code, type)) {
                continue;
            }
            String member = code.getDescription() + " " + code.getSourceCodeLocation();
            report(events, code, member, "returns", code.getReturnType());
            for (JavaType parameter : code.getParameterTypes()) {
                report(events, code, member, "takes", parameter);
            }
            for (JavaClass thrown : code.getExceptionTypes()) {
                report(events, code, member, "throws", thrown);
            }
            reportBounds(events, code, member, code.getTypeParameters());
        }
    }

    private static boolean isVisibleEverywhere(JavaClass type) {
        return type.getModifiers().contains(JavaModifier.PUBLIC)
                && type.getEnclosingClass()
                        .map(ExposeNoInternalType::isVisibleEverywhere)
                        .orElse(true);
    }

    private static boolean isVisible(JavaMember member, JavaClass owner) {
        Set<JavaModifier> modifiers = member.getModifiers();
        if (modifiers.stream().anyMatch(COMPILER_MADE::contains)) {
            return false;
        }
        return modifiers.contains(JavaModifier.PUBLIC)
                || (modifiers.contains(JavaModifier.PROTECTED)
                        && !owner.getModifiers().contains(JavaModifier.FINAL));
    }

    private static void reportBounds(
            ConditionEvents events, Object where, String description, List<? extends JavaTypeVariable<?>> variables) {
        for (JavaTypeVariable<?> variable : variables) {
            for (JavaType bound : variable.getUpperBounds()) {
                report(events, where, description, "bounds " + variable.getName() + " by", bound);
            }
        }
    }

    private static void report(ConditionEvents events, Object where, String description, String how, JavaType used) {
        for (JavaClass raw : used.getAllInvolvedRawTypes()) {
            if (QuarryPackages.isInternal(raw)) {
                events.add(violated(
                        where, description + " " + how + " " + used.getName() + ": " + raw.getName() + " is internal"));
            }
        }
    }
}
