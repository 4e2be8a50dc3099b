package io.quarry.examples.release;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A verified bundle kept where a person or another build can use it: the zip itself, and beside it the same files
 * unzipped, which is a Maven repository (repository layout, checksums and signatures included) to name as a
 * {@code file:} repository.
 *
 * @param zip        the bundle
 * @param repository the bundle unzipped
 */
record KeptBundle(Path zip, Path repository) {

    /**
     * Copies a bundle into a folder, replacing what an earlier run left there, and unzips it.
     *
     * @param bundle the verified bundle
     * @param folder where to keep it
     * @return where it is
     */
    static KeptBundle keep(Path bundle, Path folder) {
        Path zip = folder.resolve(bundle.getFileName());
        Path repository = folder.resolve("repository");
        try {
            deleteRecursively(folder);
            Files.createDirectories(repository);
            Files.copy(bundle, zip);
            try (ZipFile file = new ZipFile(zip.toFile())) {
                for (ZipEntry entry : file.stream().toList()) {
                    Path target = repository.resolve(entry.getName()).normalize();
                    if (!target.startsWith(repository)) {
                        throw new IOException("an entry outside the bundle's folder: " + entry.getName());
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(target);
                        continue;
                    }
                    Files.createDirectories(target.getParent());
                    try (InputStream in = file.getInputStream(entry)) {
                        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the bundle in " + folder, e);
        }
        return new KeptBundle(zip, repository);
    }

    private static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
