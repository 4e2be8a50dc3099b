package io.quarry.examples.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A published module's API listing: the one its compiled classes give, and the one committed beside its pom. */
final class ModuleListing {

    /** Where a module keeps its listing, relative to its directory. */
    static final String FILE = "api/public-api.txt";

    /** Rewrites every listing from the compiled classes (the reactor builds them first). */
    static final String UPDATE_COMMAND = "./mvnw -B test -pl examples -am -Dquarry.api.update";

    private ModuleListing() {}

    /**
     * The committed listing's path.
     *
     * @param module the module's directory relative to the root, such as {@code client-core}
     * @return {@code <root>/<module>/api/public-api.txt}
     */
    static Path file(String module) {
        return PublishedModules.ROOT.resolve(module).resolve(FILE);
    }

    /**
     * The listing the module's compiled classes give now, with the header lines that say what it is.
     *
     * @param module the module's directory relative to the root
     * @return the lines
     * @throws IllegalStateException when the module is not compiled
     */
    static List<String> compiled(String module) {
        Path classes = PublishedModules.ROOT.resolve(module).resolve("target/classes");
        if (!Files.isDirectory(classes)) {
            throw new IllegalStateException("no compiled classes in " + classes + ": build the module first, as "
                    + "./mvnw -B verify does (or " + UPDATE_COMMAND + " to rewrite the listings)");
        }
        List<String> lines = new ArrayList<>();
        lines.add("# The public API of " + module + ": public and protected types and members outside .internal "
                + "packages.");
        lines.add("# Checked by PublicApiListingTest (examples) on every build; after an intended change: "
                + UPDATE_COMMAND);
        lines.add("");
        lines.addAll(ApiListing.of(classes));
        return lines;
    }

    /**
     * The committed listing.
     *
     * @param module the module's directory relative to the root
     * @return its lines, empty when the module has none
     */
    static Optional<List<String>> committed(String module) {
        Path file = file(module);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What is wrong with a module's committed listing, in words that say what to do about it.
     *
     * @param module the module's directory relative to the root
     * @param committed its committed listing, if it has one
     * @param compiled the listing its classes give
     * @return the failure message, empty when the listings are equal
     */
    static Optional<String> problem(String module, Optional<List<String>> committed, List<String> compiled) {
        String file = module + "/" + FILE;
        if (committed.isEmpty()) {
            return Optional.of(module + " is published but has no API listing (" + file + "). Create it with\n    "
                    + UPDATE_COMMAND + "\nthen review it and commit it. A module that is not published belongs in "
                    + "PublishedModules.UNPUBLISHED instead.");
        }
        if (committed.get().equals(compiled)) {
            return Optional.empty();
        }
        return Optional.of("The public API of " + module + " is not the one listed in " + file
                + " (- listed, + compiled):\n\n" + LineDiff.unified(committed.get(), compiled)
                + "\nIf the change is intended, update the listings with\n    " + UPDATE_COMMAND
                + "\nand commit them with it; docs/compatibility.md says what each kind of change means for users.");
    }

    /**
     * Writes a listing, with a line feed after every line whatever the platform.
     *
     * @param module the module's directory relative to the root
     * @param lines the listing
     */
    static void write(String module, List<String> lines) {
        Path file = file(module);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
