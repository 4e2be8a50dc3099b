package io.quarry.examples.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * Versions the parent POM pins, read from it, so that a project built beside the reactor (the bundle's consumer)
 * uses the libraries and plugins the build has already fetched rather than a copy of their versions that drifts.
 */
final class BuildVersions {

    private final Document parent;
    private final XPath xpath = XPathFactory.newInstance().newXPath();

    private BuildVersions(Document parent) {
        this.parent = parent;
    }

    /**
     * Reads a POM.
     *
     * @param pom the parent POM
     * @return its versions
     */
    static BuildVersions of(Path pom) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return new BuildVersions(factory.newDocumentBuilder().parse(pom.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SAXException | ParserConfigurationException e) {
            throw new IllegalArgumentException("not a POM: " + pom, e);
        }
    }

    /**
     * A property's value.
     *
     * @param name the property
     * @return its value
     */
    String property(String name) {
        return select("/project/properties/" + name, "property " + name);
    }

    /**
     * The version of a plugin in the POM's pluginManagement.
     *
     * @param artifactId the plugin's artifactId
     * @return its version
     */
    String plugin(String artifactId) {
        return select(
                "/project/build/pluginManagement/plugins/plugin[artifactId='" + artifactId + "']/version",
                "plugin " + artifactId);
    }

    private String select(String expression, String what) {
        try {
            String value = xpath.evaluate(expression, parent).strip();
            if (value.isEmpty() || value.contains("${")) {
                throw new IllegalStateException("the parent POM pins no literal version of " + what);
            }
            return value;
        } catch (XPathExpressionException e) {
            throw new IllegalStateException(e);
        }
    }
}
