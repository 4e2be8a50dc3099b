package io.quarry.examples.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The files of a bundle for the central repository, by path in repository layout
 * ({@code io/quarry/client-core/1.0.0/client-core-1.0.0.jar}); directory entries are left out.
 *
 * @param files each file's content by path, sorted by path
 */
record Bundle(Map<String, byte[]> files) {

    /**
     * Reads a bundle zip.
     *
     * @param zip the bundle
     * @return its files
     */
    static Bundle read(Path zip) {
        Map<String, byte[]> files = new TreeMap<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (ZipEntry entry : file.stream().toList()) {
                if (!entry.isDirectory()) {
                    files.put(entry.getName(), file.getInputStream(entry).readAllBytes());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundle " + zip, e);
        }
        return new Bundle(files);
    }

    /**
     * The digests of some files, to compare two builds.
     *
     * @param which the paths to take
     * @return each file's SHA-256 by path, sorted by path
     */
    Map<String, String> sha256(Predicate<String> which) {
        Map<String, String> digests = new TreeMap<>();
        files.forEach((path, content) -> {
            if (which.test(path)) {
                digests.put(path, digest("SHA-256", content));
            }
        });
        return digests;
    }

    /**
     * A digest in lower-case hexadecimal, as checksum files hold it.
     *
     * @param algorithm a {@link MessageDigest} algorithm name
     * @param content   what to digest
     * @return the digest
     */
    static String digest(String algorithm, byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
