package io.quarry.examples.docs;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the published modules' public API, read from their committed listings ({@code api/public-api.txt}):
 * each public type by its name without the package ({@code ClientConfig}, a nested one {@code ClientConfig.Builder}),
 * and the names of its members (methods, fields, enum constants, record components, nested types) and those of its
 * supertypes, a JDK supertype's read from its class.
 */
final class ApiNames {

    private static final Pattern TYPE = Pattern.compile("\\b(class|interface|record|enum|@interface) ([\\w.$]+)");
    private static final Pattern ANNOTATION = Pattern.compile("^@[\\w.]+(?:\\([^)]*\\))?\\s*");
    private static final Pattern QUALIFIED = Pattern.compile("\\b[a-z]\\w*(?:\\.[a-z]\\w*)*(?:\\.[A-Z]\\w*)+");
    private static final Pattern COMPONENT = Pattern.compile("(\\w+)(?:,|$)");

    /** Fully qualified names by name without the package. */
    private final Map<String, List<String>> types = new HashMap<>();

    private final Map<String, Set<String>> members = new HashMap<>();
    private final Map<String, List<String>> supertypes = new HashMap<>();

    private ApiNames() {}

    /**
     * Reads the committed listings.
     *
     * @param listings the listing files
     * @return the names
     * @throws IOException when a listing cannot be read
     */
    static ApiNames read(List<Path> listings) throws IOException {
        ApiNames names = new ApiNames();
        for (Path listing : listings) {
            String type = null;
            for (String line : Files.readAllLines(listing)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith(" ")) {
                    names.members.get(type).add(memberName(line.strip()));
                } else {
                    type = names.addType(line);
                }
            }
        }
        return names;
    }

    private String addType(String header) {
        Matcher matcher = TYPE.matcher(header);
        if (!matcher.find()) {
            throw new IllegalStateException("not a type's line of a listing: " + header);
        }
        String kind = matcher.group(1);
        String name = matcher.group(2);
        String rest = withoutTypeArguments(header.substring(matcher.end()));
        Set<String> own = new HashSet<>();
        List<String> supers = new ArrayList<>(List.of("java.lang.Object"));
        if (kind.equals("enum")) {
            supers.add("java.lang.Enum");
            own.add("values");
        }
        if (kind.equals("record") && rest.startsWith("(")) {
            String components = rest.substring(1, rest.indexOf(')'));
            Matcher component = COMPONENT.matcher(components);
            while (component.find()) {
                own.add(component.group(1));
            }
            rest = rest.substring(rest.indexOf(')') + 1);
        }
        Matcher supertype = QUALIFIED.matcher(rest.split(" permits ")[0]);
        while (supertype.find()) {
            supers.add(supertype.group());
        }
        members.put(name, own);
        supertypes.put(name, supers);
        types.computeIfAbsent(simpleName(name), key -> new ArrayList<>()).add(name);
        return name;
    }

    /** {@code Outer.Inner} of {@code io.quarry.core.Outer.Inner}: the names from the first capitalised one. */
    private static String simpleName(String qualified) {
        String[] parts = qualified.split("\\.");
        int first = 0;
        while (!Character.isUpperCase(parts[first].charAt(0))) {
            first++;
        }
        return String.join(".", List.of(parts).subList(first, parts.length));
    }

    /** The text with every {@code <...>} taken out, nested ones included. */
    private static String withoutTypeArguments(String text) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        for (char c : text.toCharArray()) {
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (depth == 0) {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** A method's, constructor's ({@code new}), field's or enum constant's name from its line of a listing. */
    private static String memberName(String line) {
        String member = line;
        for (Matcher annotation = ANNOTATION.matcher(member);
                annotation.find();
                annotation = ANNOTATION.matcher(member)) {
            member = member.substring(annotation.end());
        }
        if (member.startsWith("constant ")) {
            return member.substring("constant ".length());
        }
        int parameters = member.indexOf('(');
        String declaration = parameters < 0 ? member.split(" = ")[0] : member.substring(0, parameters);
        String name = declaration.substring(declaration.lastIndexOf(' ') + 1);
        return name.contains(".") ? "new" : name;
    }

    /**
     * {@return whether a public type has this name}
     *
     * @param name the type's name without the package, {@code Outer.Inner} for a nested one
     */
    boolean isType(String name) {
        return types.containsKey(name);
    }

    /**
     * {@return whether a public type of this name has a member of that name, declared or inherited}
     *
     * @param type   the type's name without the package
     * @param member the member's name
     */
    boolean hasMember(String type, String member) {
        return isType(type + "." + member)
                || types.getOrDefault(type, List.of()).stream().anyMatch(name -> has(name, member, new HashSet<>()));
    }

    private boolean has(String type, String member, Set<String> seen) {
        if (!seen.add(type)) {
            return false;
        }
        if (!members.containsKey(type)) {
            return jdkHas(type, member);
        }
        return members.get(type).contains(member)
                || supertypes.get(type).stream().anyMatch(supertype -> has(supertype, member, seen));
    }

    /** Whether a type outside the listings (the JDK's, a library's) has a public member of that name. */
    private static boolean jdkHas(String type, String member) {
        try {
            Class<?> loaded = Class.forName(type, false, ApiNames.class.getClassLoader());
            return List.of(loaded.getMethods()).stream().map(Method::getName).anyMatch(member::equals)
                    || List.of(loaded.getFields()).stream().map(Field::getName).anyMatch(member::equals);
        } catch (ClassNotFoundException e) {
            return false; // a library the examples lack: its members are unknown, so none is taken for granted
        }
    }
}
