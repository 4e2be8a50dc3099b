package io.quarry.examples.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** A folder of compiled classes as the bytes of a jar: japicmp compares archives, and a build has folders. */
final class ClassJar {

    private ClassJar() {}

    /**
     * Packs the class files under a folder, in memory.
     *
     * @param classes a folder such as {@code client-core/target/classes}
     * @return the bytes of a jar holding its {@code .class} files at their paths
     */
    static byte[] of(Path classes) {
        return of(classes, "");
    }

    /**
     * Packs the class files of one package and its subpackages.
     *
     * @param classes a folder of classes
     * @param packageFolder the package's folder under it, such as {@code io/quarry/core}; empty for all
     * @return the bytes of a jar holding those class files at their paths under {@code classes}
     */
    static byte[] of(Path classes, String packageFolder) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Stream<Path> walk = Files.walk(classes.resolve(packageFolder));
                JarOutputStream jar = new JarOutputStream(bytes)) {
            List<Path> files = walk.filter(file -> file.toString().endsWith(".class"))
                    .sorted()
                    .toList();
            for (Path file : files) {
                jar.putNextEntry(new JarEntry(classes.relativize(file)
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), "/")));
                Files.copy(file, jar);
                jar.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
