package io.quarry.examples.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The client modules of the build, read from the parent pom's {@code <modules>} (every {@code client-*} entry) and
 * each module's {@code module.name} property, which is also its root package. Read from the build files so that a
 * module added to the build is checked without anyone adding it to a list here.
 */
final class ClientModules {

    /** The module every other client module builds on. */
    static final String CORE = "client-core";

    /** A client module: its directory name and the package its classes live under. */
    record ClientModule(String name, String rootPackage) {

        boolean isCore() {
            return CORE.equals(name);
        }

        /** Whether a class is the module's: in its root package or below. */
        boolean owns(JavaClass type) {
            String packageName = type.getPackageName();
            return packageName.equals(rootPackage) || packageName.startsWith(rootPackage + ".");
        }

        /** The ArchUnit pattern for the module's classes, such as {@code io.quarry.search..}. */
        String packagePattern() {
            return rootPackage + "..";
        }
    }

    // Surefire runs the examples' tests from the examples directory.
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final List<ClientModule> ALL = read();
    private static final List<String> EVERY_ROOT = readEveryRoot();

    private ClientModules() {}

    /**
     * Every client module of the build, the core included.
     *
     * @return the modules in the parent pom's order
     */
    static List<ClientModule> all() {
        return ALL;
    }

    /**
     * The root packages of every client module, as ArchUnit patterns.
     *
     * @return patterns such as {@code io.quarry.core..}
     */
    static String[] packagePatterns() {
        return ALL.stream().map(ClientModule::packagePattern).toArray(String[]::new);
    }

    /**
     * The root package of every module of the build that declares one ({@code module.name}), clients, mock
     * server, integrations and the rest alike: a module nested in another's package ({@code io.quarry.spring.test}
     * in {@code io.quarry.spring}) is a module of its own.
     *
     * @return root packages in the parent pom's order
     */
    static List<String> everyModuleRoot() {
        return EVERY_ROOT;
    }

    /**
     * The root package a module of the build declares ({@code module.name}).
     *
     * @param module its directory relative to the root, such as {@code observation-micrometer}
     * @return the root package, empty for a module that declares none (the BOM)
     */
    static Optional<String> rootOf(String module) {
        return texts(parse(ROOT.resolve(module).resolve("pom.xml")), "module.name").stream()
                .findFirst();
    }

    private static List<String> readEveryRoot() {
        List<String> roots = new ArrayList<>();
        for (String name : texts(parse(ROOT.resolve("pom.xml")), "module")) {
            rootOf(name).ifPresent(roots::add);
        }
        return List.copyOf(roots);
    }

    private static List<ClientModule> read() {
        List<ClientModule> modules = new ArrayList<>();
        for (String name : texts(parse(ROOT.resolve("pom.xml")), "module")) {
            if (name.startsWith("client-")) {
                modules.add(new ClientModule(name, rootPackageOf(name)));
            }
        }
        if (modules.stream().noneMatch(ClientModule::isCore)) {
            throw new IllegalStateException("no " + CORE + " among the modules of " + ROOT.resolve("pom.xml"));
        }
        return List.copyOf(modules);
    }

    private static String rootPackageOf(String module) {
        List<String> names = texts(parse(ROOT.resolve(module).resolve("pom.xml")), "module.name");
        if (names.size() != 1 || !names.get(0).matches("io\\.quarry\\.[a-z]+")) {
            throw new IllegalStateException(module + "/pom.xml must set <module.name> to its root package "
                    + "(io.quarry.<name>), found " + names);
        }
        return names.get(0);
    }

    private static List<String> texts(Document pom, String tag) {
        NodeList nodes = pom.getElementsByTagName(tag);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(((Element) nodes.item(i)).getTextContent().trim());
        }
        return texts;
    }

    private static Document parse(Path pom) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(Files.newInputStream(pom));
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("cannot read " + pom, e);
        }
    }
}
