package io.quarry.examples.release;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.openpgp.PGPPublicKey;

/**
 * Checks a release bundle as the central repository would, and more: exactly the published modules, each with its
 * POM (and jar, sources jar and Javadoc jar unless it is a POM alone), a signature by the release key on every file,
 * an {@code .md5} and a {@code .sha1} beside every file and signature, each matching, and every POM carrying the
 * required metadata and the release's version.
 */
final class BundleVerifier {

    private static final Pattern LAYOUT = Pattern.compile("io/quarry/([^/]+)/([^/]+)/([^/]+)");
    private static final Map<String, String> CHECKSUMS = Map.of(".md5", "MD5", ".sha1", "SHA-1");

    private final SignatureCheck signatures;
    private final String version;
    private final PublishedModules modules;

    /**
     * A verifier for one release.
     *
     * @param releaseKey the public key of the key that signed the release
     * @param version    the version every module must have
     * @param modules    the modules the bundle must hold
     */
    BundleVerifier(PGPPublicKey releaseKey, String version, PublishedModules modules) {
        this.signatures = new SignatureCheck(releaseKey);
        this.version = version;
        this.modules = modules;
    }

    /**
     * Everything wrong with a bundle.
     *
     * @param bundle the bundle
     * @return one line per problem, naming the file; empty if the bundle is right
     */
    List<String> problems(Bundle bundle) {
        List<String> problems = new ArrayList<>();
        Map<String, byte[]> files = bundle.files();
        Set<String> modules = new TreeSet<>();
        files.forEach((path, content) -> {
            Matcher layout = LAYOUT.matcher(path);
            if (!layout.matches()
                    || !layout.group(2).equals(version)
                    || !layout.group(3).startsWith(layout.group(1) + "-" + version)) {
                problems.add(path + ": not a file of io.quarry at " + version + " in repository layout");
                return;
            }
            modules.add(layout.group(1));
            checkFile(path, content, files, problems);
        });
        checkModules(modules, files, problems);
        return problems;
    }

    /**
     * The files that are neither signatures nor checksums, by path.
     *
     * @param bundle the bundle
     * @return the published files themselves
     */
    static Set<String> publishedFiles(Bundle bundle) {
        Set<String> published = new TreeSet<>();
        for (String path : bundle.files().keySet()) {
            if (!isSignature(path) && !isChecksum(path)) {
                published.add(path);
            }
        }
        return published;
    }

    private void checkFile(String path, byte[] content, Map<String, byte[]> files, List<String> problems) {
        if (isChecksum(path)) {
            String extension = path.substring(path.lastIndexOf('.'));
            byte[] checked = files.get(path.substring(0, path.length() - extension.length()));
            if (checked == null) {
                problems.add(path + ": checksum of no file");
            } else if (!checksumMatches(content, Bundle.digest(CHECKSUMS.get(extension), checked))) {
                problems.add(path + ": does not match its file");
            }
            return;
        }
        for (String extension : CHECKSUMS.keySet()) {
            if (!files.containsKey(path + extension)) {
                problems.add(path + ": no " + extension);
            }
        }
        if (isSignature(path)) {
            byte[] signed = files.get(path.substring(0, path.length() - ".asc".length()));
            if (signed == null) {
                problems.add(path + ": signature of no file");
            } else if (!signatures.holds(signed, content)) {
                problems.add(path + ": not a valid signature of its file by the release key");
            }
            return;
        }
        if (!files.containsKey(path + ".asc")) {
            problems.add(path + ": no .asc");
        }
        if (path.endsWith(".pom")) {
            String artifactId = path.split("/")[2];
            for (String problem : PomRequirements.problems(content, artifactId, version)) {
                problems.add(path + ": " + problem);
            }
        }
    }

    private void checkModules(Set<String> found, Map<String, byte[]> files, List<String> problems) {
        Set<String> missing = new TreeSet<>(modules.all());
        missing.removeAll(found);
        Set<String> unexpected = new TreeSet<>(found);
        unexpected.removeAll(modules.all());
        if (!missing.isEmpty()) {
            problems.add("modules missing: " + missing);
        }
        if (!unexpected.isEmpty()) {
            problems.add("modules not to publish: " + unexpected);
        }
        for (String module : found) {
            String base = "io/quarry/" + module + "/" + version + "/" + module + "-" + version;
            List<String> required = new ArrayList<>(List.of(base + ".pom"));
            if (modules.withJars().contains(module)) {
                required.addAll(List.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar"));
            }
            for (String path : required) {
                if (!files.containsKey(path)) {
                    problems.add(path + ": missing");
                }
            }
        }
    }

    private static boolean checksumMatches(byte[] checksumFile, String expected) {
        // The first word: some tools write "<digest>  <file name>".
        String[] words =
                new String(checksumFile, StandardCharsets.US_ASCII).strip().split("\\s+");
        return words[0].equalsIgnoreCase(expected);
    }

    private static boolean isSignature(String path) {
        return path.endsWith(".asc");
    }

    private static boolean isChecksum(String path) {
        return CHECKSUMS.keySet().stream().anyMatch(path::endsWith);
    }
}
