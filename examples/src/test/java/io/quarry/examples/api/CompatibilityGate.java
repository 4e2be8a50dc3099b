package io.quarry.examples.api;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.model.AccessModifier;
import japicmp.model.JApiBehavior;
import japicmp.model.JApiChangeStatus;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibility;
import japicmp.model.JApiCompatibilityChange;
import japicmp.model.JApiCompatibilityChangeType;
import japicmp.model.JApiField;
import japicmp.model.JApiMethod;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javassist.CtClass;
import javassist.Modifier;
import javassist.bytecode.AnnotationDefaultAttribute;

/**
 * The API compatibility gate: japicmp compares a module's baseline jar with its current classes, and the gate keeps
 * what the policy counts as API (public and protected members of public types outside {@code internal} packages),
 * each change classified as compatible, or as breaking code compiled against the baseline (binary) or written for it
 * (source). Any breaking change needs a higher major version than the baseline's.
 */
final class CompatibilityGate {

    /**
     * Abstract methods added to a type: they break only code that implements or extends it, which no caller can do
     * for a final or sealed type (a sealed hierarchy's subclasses are all Quarry's own), nor code that uses an
     * annotation whose new element has a default value.
     */
    private static final Set<JApiCompatibilityChangeType> ABSTRACT_ADDITIONS = EnumSet.of(
            JApiCompatibilityChangeType.METHOD_ADDED_TO_INTERFACE,
            JApiCompatibilityChangeType.METHOD_ABSTRACT_ADDED_TO_CLASS,
            JApiCompatibilityChangeType.METHOD_ABSTRACT_ADDED_IN_SUPERCLASS,
            JApiCompatibilityChangeType.METHOD_ABSTRACT_ADDED_IN_IMPLEMENTED_INTERFACE);

    private CompatibilityGate() {}

    /**
     * One side of a comparison.
     *
     * @param jar the bytes of the jar with the module's classes
     * @param version the version those classes have (or will have), such as {@code 1.0.0} or {@code 1.1.0-SNAPSHOT}
     * @param classPath jars and folders of the classes they use (other modules', libraries'); a class found on
     *     neither is left out of the checks that need it
     */
    record Side(byte[] jar, String version, List<String> classPath) {}

    /**
     * One change of the API.
     *
     * @param kind japicmp's name of the change, such as {@code METHOD_REMOVED}, or {@code CLASS_ADDED}
     * @param element the type or member changed, such as {@code io.quarry.core.Page.items()}
     * @param binaryCompatible whether code compiled against the baseline still links and runs
     * @param sourceCompatible whether code written for the baseline still compiles
     */
    record Change(String kind, String element, boolean binaryCompatible, boolean sourceCompatible) {

        boolean compatible() {
            return binaryCompatible && sourceCompatible;
        }

        @Override
        public String toString() {
            String breaks = binaryCompatible ? "source" : sourceCompatible ? "binary" : "binary and source";
            return kind + " " + element + (compatible() ? "" : " (breaks " + breaks + " compatibility)");
        }
    }

    /**
     * What the gate makes of a comparison.
     *
     * @param baselineVersion the baseline's version
     * @param currentVersion the current build's version
     * @param changes every change found, compatible or not
     */
    record Verdict(String baselineVersion, String currentVersion, List<Change> changes) {

        List<Change> incompatible() {
            return changes.stream().filter(change -> !change.compatible()).toList();
        }

        List<Change> compatible() {
            return changes.stream().filter(Change::compatible).toList();
        }

        /** A major release may break the API: the current major number is above the baseline's. */
        boolean majorMoved() {
            return major(currentVersion) > major(baselineVersion);
        }

        boolean passes() {
            return majorMoved() || incompatible().isEmpty();
        }

        /**
         * The changes as lines to print, incompatible ones first.
         *
         * @return one indented line per change
         */
        String describe() {
            return java.util.stream.Stream.concat(incompatible().stream(), compatible().stream())
                    .map(change -> "    " + change)
                    .collect(Collectors.joining(System.lineSeparator()));
        }
    }

    /**
     * Compares a module's baseline with its current classes.
     *
     * @param baseline the baseline's jar, version and class path
     * @param current the current classes as a jar, the current version and class path
     * @return the changes the policy counts
     */
    static Verdict compare(Side baseline, Side current) {
        return new Comparison(baseline.classPath(), current.classPath()).compare(baseline, current);
    }

    /**
     * A comparison of any number of modules whose baseline and current classes use the same class paths. Setting
     * one up opens every jar of both class paths (for the published modules, the examples' whole test class path
     * twice over), which was about half of the gate's CPU when done again for each module.
     */
    static final class Comparison {

        private final List<String> baselineClassPath;
        private final List<String> currentClassPath;
        private final JarArchiveComparator comparator;

        /**
         * @param baselineClassPath what the baseline's classes use
         * @param currentClassPath what the current classes use
         */
        Comparison(List<String> baselineClassPath, List<String> currentClassPath) {
            this.baselineClassPath = List.copyOf(baselineClassPath);
            this.currentClassPath = List.copyOf(currentClassPath);
            JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
            options.setAccessModifier(AccessModifier.PROTECTED);
            options.setClassPathMode(JarArchiveComparatorOptions.ClassPathMode.TWO_SEPARATE_CLASSPATHS);
            options.setOldClassPath(this.baselineClassPath);
            options.setNewClassPath(this.currentClassPath);
            // The optional integrations' libraries (Spring, Micrometer, OpenTelemetry) are not on the examples' class
            // path; without them japicmp checks what it can of the types that extend theirs instead of stopping.
            options.getIgnoreMissingClasses().setIgnoreAllMissingClasses(true);
            this.comparator = new JarArchiveComparator(options);
        }

        /** {@return what the baseline's classes use} */
        List<String> baselineClassPath() {
            return baselineClassPath;
        }

        /** {@return what the current classes use} */
        List<String> currentClassPath() {
            return currentClassPath;
        }

        /**
         * Compares one module's baseline with its current classes. A module compared earlier leaves its classes in
         * japicmp's class pools: the same classes that its jars on the class paths hold.
         *
         * @param baseline the baseline's jar and version, with this comparison's baseline class path
         * @param current the current classes as a jar and the current version, with its current class path
         * @return the changes the policy counts
         */
        Verdict compare(Side baseline, Side current) {
            if (!baseline.classPath().equals(baselineClassPath)
                    || !current.classPath().equals(currentClassPath)) {
                throw new IllegalArgumentException("a side with another class path than the comparison's");
            }
            List<JApiClass> types = comparator.compare(
                    new JApiCmpArchive(baseline.jar(), baseline.version(), "baseline"),
                    new JApiCmpArchive(current.jar(), current.version(), "current"));
            List<Change> changes = new ArrayList<>();
            for (JApiClass type : types) {
                if (!isInternal(type.getFullyQualifiedName())) {
                    addChanges(type, changes);
                }
            }
            return new Verdict(baseline.version(), current.version(), List.copyOf(changes));
        }
    }

    /**
     * The major number of a version.
     *
     * @param version such as {@code 1.2.3} or {@code 2.0.0-SNAPSHOT}
     * @return the number before the first dot
     */
    static int major(String version) {
        String digits = version.split("[.-]", 2)[0];
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a version: " + version, e);
        }
    }

    /** A type of an {@code internal} package, or nested in one: never API. */
    private static boolean isInternal(String className) {
        int lastDot = className.lastIndexOf('.');
        return lastDot > 0 && ("." + className.substring(0, lastDot) + ".").contains(".internal.");
    }

    private static void addChanges(JApiClass type, List<Change> changes) {
        String name = type.getFullyQualifiedName().replace('$', '.');
        if (type.getChangeStatus() == JApiChangeStatus.NEW) {
            changes.add(new Change("CLASS_ADDED", name, true, true));
            return;
        }
        // A removed type's members are removed with it: the type's own change says it all.
        add(type, name, type, changes);
        if (type.getChangeStatus() == JApiChangeStatus.REMOVED) {
            return;
        }
        add(type, name + " superclass", type.getSuperclass(), changes);
        type.getInterfaces()
                .forEach(implemented ->
                        add(type, name + " implements " + implemented.getFullyQualifiedName(), implemented, changes));
        for (JApiBehavior behavior : type.getConstructors()) {
            addBehavior(type, name + parameters(behavior), behavior, changes);
        }
        for (JApiMethod method : type.getMethods()) {
            String element = name + "." + method.getName() + parameters(method);
            addBehavior(type, element, method, changes);
            add(type, element + " return type", method.getReturnType(), changes);
        }
        for (JApiField field : type.getFields()) {
            String element = name + "." + field.getName();
            add(type, element, field, changes);
            if (lessAccessibleUnseen(type, field)) {
                changes.add(
                        new Change(JApiCompatibilityChangeType.FIELD_LESS_ACCESSIBLE.name(), element, false, false));
            }
        }
    }

    /**
     * Whether a field callers could use has become less accessible without japicmp saying so: it does not look at a
     * final class's field whose new access is below public (0.27 judges such a field by its new access alone), so a
     * public constant of a final class made private passed the gate.
     */
    private static boolean lessAccessibleUnseen(JApiClass type, JApiField field) {
        if (field.getChangeStatus() != JApiChangeStatus.MODIFIED
                || field.getCompatibilityChanges().stream()
                        .anyMatch(change -> change.getType() == JApiCompatibilityChangeType.FIELD_LESS_ACCESSIBLE)) {
            return false;
        }
        Optional<AccessModifier> before = field.getAccessModifier().getOldModifier();
        Optional<AccessModifier> after = field.getAccessModifier().getNewModifier();
        if (before.isEmpty() || after.isEmpty()) {
            return false;
        }
        // a protected member of a class nobody can extend was never reachable by callers
        AccessModifier reachable = implementableByCallers(type) ? AccessModifier.PROTECTED : AccessModifier.PUBLIC;
        return before.get().getLevel() >= reachable.getLevel()
                && after.get().getLevel() < before.get().getLevel();
    }

    /** A constructor's or method's changes, and its parameters' (where japicmp reports changed generic arguments). */
    private static void addBehavior(JApiClass type, String element, JApiBehavior behavior, List<Change> changes) {
        add(type, element, behavior, changes);
        for (int i = 0; i < behavior.getParameters().size(); i++) {
            add(
                    type,
                    element + " parameter " + (i + 1),
                    behavior.getParameters().get(i),
                    changes);
        }
    }

    private static void add(JApiClass type, String element, JApiCompatibility changed, List<Change> changes) {
        for (JApiCompatibilityChange change : changed.getCompatibilityChanges()) {
            boolean harmless = ABSTRACT_ADDITIONS.contains(change.getType())
                    && (!implementableByCallers(type) || isAnnotationElementWithDefault(changed));
            changes.add(new Change(
                    change.getType().name(),
                    element,
                    harmless || change.isBinaryCompatible(),
                    harmless || change.isSourceCompatible()));
        }
    }

    private static String parameters(JApiBehavior behavior) {
        return behavior.getParameters().stream()
                .map(parameter -> parameter.getType())
                .collect(Collectors.joining(", ", "(", ")"));
    }

    /** An annotation's new element with a default value: every use of the annotation still compiles. */
    private static boolean isAnnotationElementWithDefault(JApiCompatibility changed) {
        return changed instanceof JApiMethod method
                && method.getNewMethod()
                        .filter(element -> element.getDeclaringClass().isAnnotation())
                        .filter(element -> element.getMethodInfo().getAttribute(AnnotationDefaultAttribute.tag) != null)
                        .isPresent();
    }

    /** Whether code outside Quarry may implement or extend the type as it is now: not final, not sealed. */
    private static boolean implementableByCallers(JApiClass type) {
        if (type.getNewClass().isEmpty()) {
            return true;
        }
        CtClass now = type.getNewClass().get();
        return !Modifier.isFinal(now.getModifiers()) && now.getClassFile().getAttribute("PermittedSubclasses") == null;
    }
}
