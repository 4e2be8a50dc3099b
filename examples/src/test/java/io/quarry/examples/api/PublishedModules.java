package io.quarry.examples.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The modules whose jars users get: every module of the parent pom's {@code <modules>} but the few named here. A
 * module added to the build is published, and so has its API checked, unless it is added to this list on purpose.
 */
public final class PublishedModules {

    /**
     * The modules of the build that are not published: the BOM (no classes), what the tests share, the examples
     * (and every module under {@code examples/}) and the benchmarks.
     */
    public static final List<String> UNPUBLISHED =
            List.of("bom", "test-support", "examples", "examples/*", "benchmarks");

    /** The repository root: surefire runs the examples' tests from the examples directory. */
    public static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private PublishedModules() {}

    /**
     * The published modules.
     *
     * @return their directories relative to the root, in the parent pom's order
     */
    public static List<String> all() {
        return buildModules().stream()
                .filter(module -> UNPUBLISHED.stream().noneMatch(entry -> matches(entry, module)))
                .toList();
    }

    /**
     * Every module of the build.
     *
     * @return the entries of the parent pom's {@code <modules>}, in order
     */
    public static List<String> buildModules() {
        List<String> modules = texts(ROOT.resolve("pom.xml"), "modules", "module");
        if (modules.isEmpty()) {
            throw new IllegalStateException("no <modules> in " + ROOT.resolve("pom.xml"));
        }
        return modules;
    }

    /**
     * A module's artifact ID.
     *
     * @param module its directory relative to the root
     * @return the {@code <artifactId>} of its pom
     */
    public static String artifactId(String module) {
        Element project = parse(ROOT.resolve(module).resolve("pom.xml"));
        return children(project, "artifactId").get(0).getTextContent().trim();
    }

    /**
     * The artifact IDs a module's pom depends on directly.
     *
     * @param module its directory relative to the root
     * @return the {@code <artifactId>} of each entry of its {@code <dependencies>}
     */
    static List<String> dependencies(String module) {
        List<String> artifacts = new ArrayList<>();
        for (Element section : children(parse(ROOT.resolve(module).resolve("pom.xml")), "dependencies")) {
            for (Element dependency : children(section, "dependency")) {
                artifacts.add(children(dependency, "artifactId")
                        .get(0)
                        .getTextContent()
                        .trim());
            }
        }
        return List.copyOf(artifacts);
    }

    /**
     * The artifact IDs a module ships with: its pom's direct dependencies of every scope but {@code test}.
     *
     * @param module its directory relative to the root
     * @return the {@code <artifactId>} of each such entry of its {@code <dependencies>}
     */
    public static List<String> shippedDependencies(String module) {
        List<String> artifacts = new ArrayList<>();
        for (Element section : children(parse(ROOT.resolve(module).resolve("pom.xml")), "dependencies")) {
            for (Element dependency : children(section, "dependency")) {
                List<Element> scope = children(dependency, "scope");
                if (scope.isEmpty() || !scope.get(0).getTextContent().trim().equals("test")) {
                    artifacts.add(children(dependency, "artifactId")
                            .get(0)
                            .getTextContent()
                            .trim());
                }
            }
        }
        return List.copyOf(artifacts);
    }

    /**
     * The version the parent pom gives every module.
     *
     * @return its {@code revision} property, such as {@code 1.0.0-SNAPSHOT}
     */
    static String revision() {
        List<String> revision = texts(ROOT.resolve("pom.xml"), "properties", "revision");
        if (revision.isEmpty()) {
            throw new IllegalStateException("no <revision> property in " + ROOT.resolve("pom.xml"));
        }
        return revision.get(0);
    }

    /** The texts of the project's {@code <section><entry>} elements: direct children only, not a profile's. */
    private static List<String> texts(Path pom, String section, String entry) {
        List<String> texts = new ArrayList<>();
        for (Element parent : children(parse(pom), section)) {
            for (Element element : children(parent, entry)) {
                texts.add(element.getTextContent().trim());
            }
        }
        return List.copyOf(texts);
    }

    /**
     * Whether an entry of {@link #UNPUBLISHED} names a module: exactly, or as a folder ending in {@code /*}.
     *
     * @param entry such as {@code bom} or {@code examples/*}
     * @param module a module's directory, such as {@code examples/spring-boot-3}
     * @return whether the entry covers the module
     */
    public static boolean matches(String entry, String module) {
        return entry.endsWith("/*") ? module.startsWith(entry.substring(0, entry.length() - 1)) : entry.equals(module);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> children = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                children.add(element);
            }
        }
        return children;
    }

    private static Element parse(Path pom) {
        try (InputStream in = Files.newInputStream(pom)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(in).getDocumentElement();
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("cannot read " + pom, e);
        }
    }
}
