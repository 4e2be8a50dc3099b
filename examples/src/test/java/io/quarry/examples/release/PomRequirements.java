package io.quarry.examples.release;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * What the central repository requires of every POM it publishes, checked on the POM itself (not on what it would
 * inherit): coordinates, name, description, url, a license, a developer and the scm, and the version resolved, with
 * no {@code SNAPSHOT} anywhere in it.
 */
final class PomRequirements {

    private PomRequirements() {}

    /**
     * The requirements this POM misses.
     *
     * @param pom        the POM's bytes
     * @param artifactId the artifactId it must have
     * @param version    the version it must have
     * @return one line per problem; empty if it meets them all
     */
    static List<String> problems(byte[] pom, String artifactId, String version) {
        List<String> problems = new ArrayList<>();
        String text = new String(pom, StandardCharsets.UTF_8);
        if (text.contains("${revision}")) {
            problems.add("references ${revision}");
        }
        // Anywhere, a property or a profile included: a released POM names no version still in development.
        if (text.contains("SNAPSHOT")) {
            problems.add("contains SNAPSHOT");
        }
        Element project;
        try {
            project = parse(pom);
        } catch (IOException | SAXException | ParserConfigurationException e) {
            problems.add("is not XML: " + e.getMessage());
            return problems;
        }
        expect(problems, project, "groupId", PublishedModules.GROUP_ID);
        expect(problems, project, "artifactId", artifactId);
        expect(problems, project, "version", version);
        for (String required : List.of("name", "description", "url")) {
            if (text(project, required).isEmpty()) {
                problems.add("has no " + required);
            }
        }
        Optional<Element> license = child(project, "licenses").flatMap(licenses -> child(licenses, "license"));
        if (license.isEmpty()
                || text(license.get(), "name").isEmpty()
                || text(license.get(), "url").isEmpty()) {
            problems.add("has no license with a name and a url");
        }
        Optional<Element> developer =
                child(project, "developers").flatMap(developers -> child(developers, "developer"));
        if (developer.isEmpty() || text(developer.get(), "name").isEmpty()) {
            problems.add("has no developer with a name");
        }
        Optional<Element> scm = child(project, "scm");
        for (String required : List.of("url", "connection", "developerConnection")) {
            if (scm.isEmpty() || text(scm.get(), required).isEmpty()) {
                problems.add("has no scm " + required);
            }
        }
        return problems;
    }

    /**
     * The artifactIds a POM's dependencyManagement lists, to check what the BOM and the parent pin.
     *
     * @param pom the POM's bytes
     * @return the artifactIds, sorted; empty if it has no dependencyManagement
     */
    static Set<String> managedArtifactIds(byte[] pom) {
        Set<String> managed = new TreeSet<>();
        try {
            child(parse(pom), "dependencyManagement")
                    .flatMap(management -> child(management, "dependencies"))
                    .ifPresent(dependencies -> {
                        for (Node node = dependencies.getFirstChild(); node != null; node = node.getNextSibling()) {
                            if (node instanceof Element dependency) {
                                text(dependency, "artifactId").ifPresent(managed::add);
                            }
                        }
                    });
        } catch (IOException | SAXException | ParserConfigurationException e) {
            throw new IllegalArgumentException("not a POM", e);
        }
        return managed;
    }

    private static void expect(List<String> problems, Element project, String element, String expected) {
        Optional<String> actual = text(project, element);
        if (!actual.equals(Optional.of(expected))) {
            problems.add("has " + element + " " + actual.orElse("(none)") + ", not " + expected);
        }
    }

    private static Element parse(byte[] pom) throws IOException, SAXException, ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        // A POM needs no DTD or external entity; refusing them keeps parsing local.
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(pom)).getDocumentElement();
    }

    private static Optional<Element> child(Element parent, String name) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return Optional.of(element);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> text(Element parent, String name) {
        return child(parent, name)
                .map(element -> element.getTextContent().strip())
                .filter(text -> !text.isEmpty());
    }
}
