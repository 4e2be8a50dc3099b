package io.quarry.examples.api;

import static com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT;
import static com.tngtech.archunit.core.domain.JavaModifier.BRIDGE;
import static com.tngtech.archunit.core.domain.JavaModifier.ENUM;
import static com.tngtech.archunit.core.domain.JavaModifier.FINAL;
import static com.tngtech.archunit.core.domain.JavaModifier.PROTECTED;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.core.domain.JavaModifier.STATIC;
import static com.tngtech.archunit.core.domain.JavaModifier.SYNTHETIC;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The public API of a set of compiled classes as text: one line per type (its declaration) followed by one line per
 * member, indented, types sorted by name and members by kind and name (enum constants in their order), so a change
 * to the API is a change of a few lines.
 *
 * <p>The API is every public class, and every public or protected nested class of one, outside {@code internal}
 * packages, with its public and protected members (protected ones only where a subclass can reach them: not in a
 * final class) and the public members it inherits from superclasses callers cannot name. What the compiler writes
 * for itself is left out: synthetic and bridge methods, an enum's {@code values()} and {@code valueOf(String)}, a
 * record's canonical constructor, accessors, {@code equals}, {@code hashCode} and {@code toString} (its components
 * are in its declaration line).
 */
final class ApiListing {

    /** Annotations that change what a caller may do, or what an annotation type does. */
    private static final Set<String> SHOWN_ANNOTATIONS = Set.of(
            "java.lang.Deprecated",
            "java.lang.FunctionalInterface",
            "java.lang.annotation.Documented",
            "java.lang.annotation.Inherited",
            "java.lang.annotation.Repeatable",
            "java.lang.annotation.Retention",
            "java.lang.annotation.Target");

    private static final String INDENT = "  ";

    private ApiListing() {}

    /**
     * Renders the API of a directory of compiled classes.
     *
     * @param classes a class output directory, such as {@code client-core/target/classes}
     * @return the listing's lines: a blank line between types, no line separators
     */
    static List<String> of(Path classes) {
        return of(new ClassFileImporter().importPath(classes));
    }

    /**
     * Renders the API of imported classes.
     *
     * @param classes the classes, which may refer to classes not imported (those count by name only)
     * @return the listing's lines: a blank line between types, no line separators
     */
    static List<String> of(JavaClasses classes) {
        List<String> lines = new ArrayList<>();
        classes.stream()
                .filter(ApiListing::isApi)
                .sorted(Comparator.comparing(SignatureText::name))
                .forEach(type -> {
                    if (!lines.isEmpty()) {
                        lines.add("");
                    }
                    ClassFileFacts facts = facts(type);
                    lines.add(declaration(type, facts));
                    members(type, facts).forEach(member -> lines.add(INDENT + member));
                });
        return lines;
    }

    /** Whether callers can name the type: public (or protected, when nested in such a type), outside internal. */
    static boolean isApi(JavaClass type) {
        if (type.getModifiers().contains(SYNTHETIC)
                || type.isAnonymousClass()
                || type.isLocalClass()
                || type.getSimpleName().equals("package-info")
                || ("." + type.getPackageName() + ".").contains(".internal.")) {
            return false;
        }
        if (type.isNestedClass()) {
            JavaClass outer = type.getEnclosingClass().orElseThrow();
            return isApi(outer)
                    && (type.getModifiers().contains(PUBLIC)
                            || (type.getModifiers().contains(PROTECTED)
                                    && !outer.getModifiers().contains(FINAL)));
        }
        return type.getModifiers().contains(PUBLIC);
    }

    private static String declaration(JavaClass type, ClassFileFacts facts) {
        StringBuilder line = new StringBuilder(annotations(type.getAnnotations()));
        line.append(type.getModifiers().contains(PUBLIC) ? "public " : "protected ");
        boolean implicitlyStatic = type.isInterface() || type.isEnum() || type.isRecord();
        if (type.isNestedClass() && type.getModifiers().contains(STATIC) && !implicitlyStatic) {
            line.append("static ");
        }
        if (!type.isInterface() && !type.isEnum() && type.getModifiers().contains(ABSTRACT)) {
            line.append("abstract ");
        }
        if (!type.isEnum() && !type.isRecord() && type.getModifiers().contains(FINAL)) {
            line.append("final ");
        }
        if (type.isSealed() && !type.isEnum()) {
            line.append("sealed ");
        }
        line.append(kind(type)).append(' ').append(SignatureText.name(type));
        String typeParameters = SignatureText.typeParameters(type.getTypeParameters());
        if (!typeParameters.isEmpty()) {
            line.append(typeParameters.strip());
        }
        if (type.isRecord()) {
            line.append(recordComponents(type, facts));
        }
        type.getSuperclass()
                .filter(superclass -> !type.isEnum() && !type.isRecord())
                .filter(superclass -> !superclass.toErasure().getName().equals("java.lang.Object"))
                .ifPresent(superclass -> line.append(" extends ").append(SignatureText.of(superclass)));
        List<String> interfaces = type.getInterfaces().stream()
                .filter(i ->
                        !(type.isAnnotation() && i.toErasure().getName().equals("java.lang.annotation.Annotation")))
                .map(SignatureText::of)
                .sorted()
                .toList();
        if (!interfaces.isEmpty()) {
            line.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
        }
        if (type.isSealed() && !type.isEnum()) {
            line.append(permits(type));
        }
        return line.toString();
    }

    private static String kind(JavaClass type) {
        if (type.isAnnotation()) {
            return "@interface";
        }
        if (type.isInterface()) {
            return "interface";
        }
        if (type.isEnum()) {
            return "enum";
        }
        return type.isRecord() ? "record" : "class";
    }

    /** {@code (java.lang.String name, java.util.List<T> items)}: each accessor's type under its component's name. */
    private static String recordComponents(JavaClass type, ClassFileFacts facts) {
        return facts.recordComponents().stream()
                .map(component -> {
                    JavaMethod accessor = type.getMethod(component);
                    return annotations(accessor.getAnnotations()) + SignatureText.of(accessor.getReturnType()) + " "
                            + component;
                })
                .collect(Collectors.joining(", ", "(", ")"));
    }

    /**
     * The subclasses a sealed type permits. Those callers cannot name are counted, not named: an internal rename
     * leaves the listing alone, while a new one shows (it makes callers' exhaustive switches incomplete).
     */
    private static String permits(JavaClass type) {
        Set<JavaClass> permitted = type.getPermittedSubclasses().orElse(Set.of());
        List<String> named = permitted.stream()
                .filter(ApiListing::isApi)
                .map(SignatureText::name)
                .sorted()
                .toList();
        long hidden = permitted.size() - named.size();
        String text = " permits " + String.join(", ", named);
        if (hidden > 0) {
            text += (named.isEmpty() ? "" : " and ") + hidden + " non-public";
        }
        return text;
    }

    private static List<String> members(JavaClass type, ClassFileFacts facts) {
        List<Member> members = new ArrayList<>();
        for (JavaField field : type.getFields()) {
            if (isListed(field) && isReachable(field, type)) {
                // Enum constants in their order, which is their ordinals' and compareTo's.
                members.add(
                        field.getModifiers().contains(ENUM)
                                ? new Member(
                                        0,
                                        String.format(Locale.ROOT, "%05d", facts.fieldPosition(field.getName())),
                                        "constant " + field.getName())
                                : new Member(1, field.getName(), field(field, facts, Map.of())));
            }
        }
        for (JavaConstructor constructor : type.getConstructors()) {
            if (isListed(constructor) && isReachable(constructor, type) && !isCanonical(constructor, type, facts)) {
                members.add(new Member(2, "", codeUnit(constructor, facts, Map.of())));
            }
        }
        Set<String> declared = new HashSet<>();
        for (JavaMethod method : type.getMethods()) {
            // Not the bridges javac adds to a public class for the public methods of a hidden superclass.
            if (isListed(method)) {
                declared.add(method.getName() + method.getRawParameterTypes());
                if (isReachable(method, type) && !isImplied(method, type, facts)) {
                    members.add(new Member(3, method.getName(), codeUnit(method, facts, Map.of())));
                }
            }
        }
        inheritFromHiddenSuperclasses(type, declared, members);
        return members.stream()
                .sorted(Comparator.comparingInt(Member::order)
                        .thenComparing(Member::name)
                        .thenComparing(Member::text))
                .map(Member::text)
                .toList();
    }

    /**
     * Adds the members a type inherits from superclasses of its module that callers cannot name: they are called on
     * this type, so they are listed as its own, with the superclass's type variables as this type binds them.
     */
    private static void inheritFromHiddenSuperclasses(JavaClass type, Set<String> declared, List<Member> members) {
        Map<String, String> bindings = Map.of();
        Optional<JavaType> superclass = type.getSuperclass();
        while (superclass.isPresent()
                && isHiddenInTheSameImport(superclass.get().toErasure())) {
            JavaClass hidden = superclass.get().toErasure();
            bindings = bind(superclass.get(), hidden, bindings);
            ClassFileFacts facts = facts(hidden);
            for (JavaField field : hidden.getFields()) {
                if (isListed(field) && isReachable(field, type) && declared.add(field.getName())) {
                    members.add(new Member(1, field.getName(), field(field, facts, bindings)));
                }
            }
            for (JavaMethod method : hidden.getMethods()) {
                if (isListed(method)
                        && isReachable(method, type)
                        && declared.add(method.getName() + method.getRawParameterTypes())) {
                    members.add(new Member(3, method.getName(), codeUnit(method, facts, bindings)));
                }
            }
            superclass = hidden.getSuperclass();
        }
    }

    /** Whether callers outside the package can use a member: a protected one only from a subclass of its type. */
    private static boolean isReachable(JavaMember member, JavaClass type) {
        return member.getModifiers().contains(PUBLIC) || !type.getModifiers().contains(FINAL);
    }

    /** A class read from the same class files (not only referenced) that is not API itself. */
    private static boolean isHiddenInTheSameImport(JavaClass type) {
        return type.getSource().isPresent() && !isApi(type);
    }

    /** Each type variable of a generic superclass, as the text of the argument its subclass gives it. */
    private static Map<String, String> bind(JavaType superclass, JavaClass raw, Map<String, String> outer) {
        if (!(superclass instanceof JavaParameterizedType parameterized)) {
            return Map.of();
        }
        Map<String, String> bindings = new HashMap<>();
        List<JavaType> arguments = parameterized.getActualTypeArguments();
        for (int i = 0; i < arguments.size(); i++) {
            bindings.put(raw.getTypeParameters().get(i).getName(), SignatureText.of(arguments.get(i), outer));
        }
        return bindings;
    }

    private static boolean isListed(JavaField field) {
        return isVisible(field.getModifiers()) && !field.getModifiers().contains(SYNTHETIC);
    }

    private static boolean isListed(JavaCodeUnit unit) {
        Set<JavaModifier> modifiers = unit.getModifiers();
        return isVisible(modifiers) && !modifiers.contains(SYNTHETIC) && !modifiers.contains(BRIDGE);
    }

    /** A method every enum or record has, whether or not its source declares it. */
    private static boolean isImplied(JavaMethod method, JavaClass type, ClassFileFacts facts) {
        String name = method.getName();
        int parameters = method.getRawParameterTypes().size();
        if (type.isEnum() && method.getModifiers().contains(STATIC)) {
            return (name.equals("values") && parameters == 0)
                    || (name.equals("valueOf")
                            && parameters == 1
                            && method.getRawParameterTypes().get(0).getName().equals("java.lang.String"));
        }
        if (type.isRecord() && !method.getModifiers().contains(STATIC)) {
            return (parameters == 0
                            && (facts.recordComponents().contains(name)
                                    || name.equals("hashCode")
                                    || name.equals("toString")))
                    || (name.equals("equals")
                            && parameters == 1
                            && method.getRawParameterTypes().get(0).getName().equals("java.lang.Object"));
        }
        return false;
    }

    /** The record's canonical constructor: its parameters are the components, in order. */
    private static boolean isCanonical(JavaConstructor constructor, JavaClass type, ClassFileFacts facts) {
        if (!type.isRecord()) {
            return false;
        }
        List<String> components = facts.recordComponents().stream()
                .map(component -> type.getMethod(component).getRawReturnType().getName())
                .toList();
        List<String> parameters = constructor.getRawParameterTypes().stream()
                .map(JavaClass::getName)
                .toList();
        return components.equals(parameters);
    }

    private static String field(JavaField field, ClassFileFacts facts, Map<String, String> bindings) {
        StringBuilder line = new StringBuilder(annotations(field.getAnnotations()));
        line.append(visibility(field.getModifiers()));
        appendIf(line, field.getModifiers().contains(STATIC), "static ");
        appendIf(line, field.getModifiers().contains(FINAL), "final ");
        line.append(SignatureText.of(field.getType(), bindings)).append(' ').append(field.getName());
        facts.constantValue(field.getName())
                .ifPresent(value -> line.append(" = ").append(SignatureText.value(constant(value, field))));
        return line.toString();
    }

    /** A boolean or char constant is an int in the class file. */
    private static Object constant(Object value, JavaField field) {
        return switch (field.getRawType().getName()) {
            case "boolean" -> (Integer) value != 0;
            case "char" -> (char) (int) (Integer) value;
            default -> value;
        };
    }

    private static String codeUnit(JavaCodeUnit unit, ClassFileFacts facts, Map<String, String> bindings) {
        JavaClass type = unit.getOwner();
        Set<JavaModifier> modifiers = unit.getModifiers();
        StringBuilder line = new StringBuilder(annotations(unit.getAnnotations()));
        line.append(visibility(modifiers));
        appendIf(line, modifiers.contains(STATIC), "static ");
        if (type.isInterface() && unit.isMethod() && !modifiers.contains(STATIC)) {
            line.append(modifiers.contains(ABSTRACT) ? "abstract " : "default ");
        } else {
            appendIf(line, modifiers.contains(ABSTRACT), "abstract ");
        }
        appendIf(line, modifiers.contains(FINAL), "final ");
        line.append(SignatureText.typeParameters(unit.getTypeParameters()));
        if (unit.isMethod()) {
            line.append(SignatureText.of(unit.getReturnType(), bindings))
                    .append(' ')
                    .append(unit.getName());
        } else {
            line.append(SignatureText.name(type));
        }
        List<String> parameters = new ArrayList<>();
        for (JavaType parameter : unit.getParameterTypes()) {
            parameters.add(SignatureText.of(parameter, bindings));
        }
        if (isInnerClassConstructor(unit)) {
            parameters.remove(0); // the enclosing instance, which callers give as outer.new Inner(...)
        }
        if (facts.isVarargs(unit.getName(), unit.getDescriptor())) {
            int last = parameters.size() - 1;
            String array = parameters.get(last);
            parameters.set(last, array.substring(0, array.length() - "[]".length()) + "...");
        }
        line.append('(').append(String.join(", ", parameters)).append(')');
        List<String> thrown = unit.getThrowsClause().getTypes().stream()
                .map(SignatureText::name)
                .sorted()
                .toList();
        if (!thrown.isEmpty()) {
            line.append(" throws ").append(String.join(", ", thrown));
        }
        if (unit instanceof JavaMethod method) {
            method.getDefaultValue().ifPresent(value -> line.append(" default ").append(SignatureText.value(value)));
        }
        return line.toString();
    }

    /** A constructor of an inner class, whose first parameter in the class file is the enclosing instance. */
    private static boolean isInnerClassConstructor(JavaCodeUnit unit) {
        JavaClass type = unit.getOwner();
        return unit.isConstructor()
                && type.isInnerClass()
                && !unit.getRawParameterTypes().isEmpty()
                && type.getEnclosingClass()
                        .map(outer -> outer.equals(unit.getRawParameterTypes().get(0)))
                        .orElse(false);
    }

    private static String annotations(Set<? extends JavaAnnotation<?>> annotations) {
        return annotations.stream()
                .filter(a -> SHOWN_ANNOTATIONS.contains(a.getRawType().getName()))
                .map(SignatureText::annotation)
                .sorted()
                .map(text -> text + " ")
                .collect(Collectors.joining());
    }

    private static boolean isVisible(Set<JavaModifier> modifiers) {
        return modifiers.contains(PUBLIC) || modifiers.contains(PROTECTED);
    }

    private static String visibility(Set<JavaModifier> modifiers) {
        return modifiers.contains(PUBLIC) ? "public " : "protected ";
    }

    private static void appendIf(StringBuilder line, boolean condition, String text) {
        if (condition) {
            line.append(text);
        }
    }

    private static ClassFileFacts facts(JavaClass type) {
        var source = type.getSource().orElseThrow(() -> new IllegalStateException("no class file for " + type));
        try (InputStream in = source.getUri().toURL().openStream()) {
            return ClassFileFacts.read(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class file of " + type.getName(), e);
        }
    }

    private record Member(int order, String name, String text) {}
}
