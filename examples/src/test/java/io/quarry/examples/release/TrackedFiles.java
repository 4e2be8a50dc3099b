package io.quarry.examples.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The files git tracks in a work tree, as they are on disk (edits not yet committed included, untracked files and
 * build output left out): what a release built from a fresh clone of that state would see.
 */
final class TrackedFiles {

    private TrackedFiles() {}

    /**
     * Copies the tracked files of a work tree into an empty directory, keeping the executable bit (./mvnw).
     *
     * @param workTree a git work tree
     * @param target   where to copy them
     * @return how many files were copied
     */
    static int copy(Path workTree, Path target) {
        int copied = 0;
        for (String name : list(workTree)) {
            Path source = workTree.resolve(name);
            // A tracked file deleted in the work tree is not part of what is rehearsed.
            if (!Files.isRegularFile(source, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Path copy = target.resolve(name);
            try {
                Files.createDirectories(copy.getParent());
                Files.copy(source, copy, StandardCopyOption.COPY_ATTRIBUTES);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy " + source, e);
            }
            copied++;
        }
        return copied;
    }

    private static List<String> list(Path workTree) {
        try {
            Process git = new ProcessBuilder("git", "ls-files", "-z")
                    .directory(workTree.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            String names = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (git.waitFor() != 0) {
                throw new IllegalStateException("git ls-files failed in " + workTree);
            }
            return List.of(names.split("\0"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
