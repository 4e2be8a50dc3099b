package io.quarry.examples.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Classes that all reach each other through their dependencies, with one dependency for each pair of them that
 * depends directly.
 *
 * @param dependencies each class of the cycle to the classes of the cycle it depends on directly (sorted by name)
 */
record ClassCycle(Map<JavaClass, Map<JavaClass, Dependency>> dependencies) {

    /** {@return the packages its classes live in, sorted} */
    Set<String> packages() {
        Set<String> packages = new TreeSet<>();
        dependencies.keySet().forEach(type -> packages.add(type.getPackageName()));
        return packages;
    }

    /**
     * The shortest way round the cycle that crosses from one package to another, as the dependencies taken.
     *
     * @return the dependencies, the last one leading back to the first one's origin; empty when every class is in
     *     one package
     */
    Optional<List<Dependency>> shortestLoopAcrossPackages() {
        List<Dependency> shortest = null;
        for (Map.Entry<JavaClass, Map<JavaClass, Dependency>> origin : dependencies.entrySet()) {
            JavaClass from = origin.getKey();
            for (Map.Entry<JavaClass, Dependency> target : origin.getValue().entrySet()) {
                JavaClass to = target.getKey();
                if (!from.getPackageName().equals(to.getPackageName())) {
                    List<Dependency> loop = new ArrayList<>();
                    loop.add(target.getValue());
                    loop.addAll(shortestPath(to, from));
                    if (shortest == null || loop.size() < shortest.size()) {
                        shortest = loop;
                    }
                }
            }
        }
        return Optional.ofNullable(shortest);
    }

    /** A breadth-first path inside the cycle; one exists, since the classes of a cycle reach each other. */
    private List<Dependency> shortestPath(JavaClass from, JavaClass to) {
        Map<JavaClass, Dependency> reachedBy = new HashMap<>();
        Deque<JavaClass> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty() && !from.equals(to) && !reachedBy.containsKey(to)) {
            JavaClass next = queue.poll();
            dependencies.get(next).forEach((target, dependency) -> {
                if (!target.equals(from) && reachedBy.putIfAbsent(target, dependency) == null) {
                    queue.add(target);
                }
            });
        }
        List<Dependency> path = new ArrayList<>();
        for (JavaClass at = to;
                !at.equals(from);
                at = ClassCycles.topLevel(reachedBy.get(at).getOriginClass())) {
            path.add(reachedBy.get(at));
        }
        Collections.reverse(path);
        return path;
    }
}
