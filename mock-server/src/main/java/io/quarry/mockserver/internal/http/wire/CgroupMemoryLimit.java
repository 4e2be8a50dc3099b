package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * The memory limit of this process's control group, read from the files the kernel shows it: cgroup v2's
 * {@code memory.max} ({@code max} when none), or v1's {@code memory.limit_in_bytes} (a value past any machine's memory
 * when none), in the group {@code /proc/self/cgroup} names, found through {@code /proc/self/mountinfo}, and in each
 * group above it up to the mount's root (a Kubernetes pod, a systemd slice): the smallest is the limit.
 *
 * <p>The JVM reads these files too, and sizes its heap from them. But its API, {@code getTotalMemorySize()} of
 * {@code com.sun.management.OperatingSystemMXBean}, first looks for the controllers in {@code /proc/cgroups}, which
 * newer kernels leave without cgroup v2's (Ubuntu 25.10's, for one): there, as late as JDK 25.0.3, it reports the
 * machine's memory, and a server sized to that would outgrow a container's limit and be killed. Read here, the limit
 * holds on both versions; the caller takes the smaller of this and the JVM's figure.
 */
final class CgroupMemoryLimit {

    /** v1's "no limit" is the largest count of pages times the page size: far past any machine's memory. */
    private static final long V1_UNLIMITED_FROM = 1L << 62;

    private CgroupMemoryLimit() {}

    /**
     * {@return the smallest memory limit of this process's control group and the groups above it; empty when there
     *     is none, or the files are missing or unreadable (not Linux, no {@code /proc})}
     *
     * @param root the file system's root the kernel's files are read under: {@code /}, or a test's fixture tree
     */
    static OptionalLong read(Path root) {
        try {
            List<String> groups = Files.readAllLines(root.resolve("proc/self/cgroup"), StandardCharsets.UTF_8);
            List<String> mounts = Files.readAllLines(root.resolve("proc/self/mountinfo"), StandardCharsets.UTF_8);
            long smallest = Long.MAX_VALUE;
            for (String mount : mounts) {
                smallest = Math.min(smallest, limitUnder(root, mount, groups));
            }
            return smallest == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(smallest);
        } catch (IOException | RuntimeException unreadable) {
            // no limit known: the caller keeps the JVM's figure; read on the accepting thread, which must not fail
            return OptionalLong.empty();
        }
    }

    /** {@return the limit a mountinfo line's cgroup mount sets on this process; Long.MAX_VALUE when none} */
    private static long limitUnder(Path root, String mountLine, List<String> groups) {
        // "36 25 0:30 <root> <mount point> <options...> - <type> <source> <super options>"
        int separator = mountLine.indexOf(" - ");
        if (separator < 0) {
            return Long.MAX_VALUE;
        }
        String[] mount = mountLine.substring(0, separator).split(" ");
        String[] filesystem = mountLine.substring(separator + 3).split(" ");
        if (mount.length < 5 || filesystem.length < 1) {
            return Long.MAX_VALUE;
        }
        String file;
        String group;
        if (filesystem[0].equals("cgroup2")) {
            file = "memory.max";
            group = groupOf(groups, "");
        } else if (filesystem[0].equals("cgroup")
                && filesystem.length >= 3
                && List.of(filesystem[2].split(",")).contains("memory")) {
            file = "memory.limit_in_bytes";
            group = groupOf(groups, "memory");
        } else {
            return Long.MAX_VALUE;
        }
        if (group == null) {
            return Long.MAX_VALUE;
        }
        Path mountPoint = root.resolve(mount[4].replaceFirst("^/+", "")).normalize();
        Path directory = groupDirectory(mountPoint, mount[3], group);
        long smallest = Long.MAX_VALUE;
        // the group's own limit and each parent's, up to the mount's root (v2's root group has no memory.max)
        for (Path at = directory; at != null && at.startsWith(mountPoint); at = at.getParent()) {
            smallest = Math.min(smallest, limitIn(at.resolve(file)));
        }
        return smallest;
    }

    /**
     * {@return the group's path in a {@code /proc/self/cgroup} line ("hierarchy:controllers:path"): v2's has no
     *     controllers, v1's lists the controller; null when none}
     */
    private static String groupOf(List<String> groups, String controller) {
        for (String line : groups) {
            String[] fields = line.split(":", 3);
            if (fields.length == 3
                    && (controller.isEmpty()
                            ? fields[1].isEmpty()
                            : List.of(fields[1].split(",")).contains(controller))) {
                return fields[2];
            }
        }
        return null;
    }

    /**
     * {@return the group's directory: the mount shows the hierarchy from its root (the container's own group under
     *     Docker on v1, the namespace's under a cgroup namespace), so that part of the group's path is dropped; a group
     *     outside the mount's root (a namespace's {@code /..}) is taken as that root}
     */
    private static Path groupDirectory(Path mountPoint, String mountRoot, String group) {
        String inside;
        if (mountRoot.equals("/")) {
            inside = group;
        } else if (group.startsWith(mountRoot + "/")) {
            inside = group.substring(mountRoot.length());
        } else {
            inside = "/";
        }
        Path directory = mountPoint.resolve(inside.replaceFirst("^/+", "")).normalize();
        return directory.startsWith(mountPoint) ? directory : mountPoint;
    }

    /**
     * {@return the limit a memory.max or memory.limit_in_bytes file holds; Long.MAX_VALUE when none, or the file is
     *     absent or unreadable (the others may still say)}
     */
    private static long limitIn(Path file) {
        try {
            String value = Files.readString(file, StandardCharsets.UTF_8).strip();
            long bytes = value.equals("max") ? Long.MAX_VALUE : Long.parseLong(value);
            return bytes > 0 && bytes < V1_UNLIMITED_FROM ? bytes : Long.MAX_VALUE;
        } catch (IOException | NumberFormatException none) {
            return Long.MAX_VALUE;
        }
    }
}
