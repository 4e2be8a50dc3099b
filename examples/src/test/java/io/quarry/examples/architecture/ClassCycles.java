package io.quarry.examples.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.AbstractClassesTransformer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The cycles among the classes of a package and its subpackages: each group of classes that reach each other
 * through their dependencies (a strongly connected component of more than one class). A nested or anonymous class
 * counts as its top-level class, so a class's lambdas and builders are part of it.
 */
final class ClassCycles extends AbstractClassesTransformer<ClassCycle> {

    private static final Comparator<JavaClass> BY_NAME = Comparator.comparing(JavaClass::getName);

    private final String rootPackage;

    ClassCycles(String rootPackage) {
        super("cycles of classes in " + rootPackage);
        this.rootPackage = rootPackage;
    }

    @Override
    public Iterable<ClassCycle> doTransform(JavaClasses classes) {
        Map<JavaClass, Map<JavaClass, Dependency>> graph = graphOf(classes);
        List<ClassCycle> cycles = new ArrayList<>();
        for (Set<JavaClass> component : new Tarjan(graph).components()) {
            if (component.size() > 1) {
                Map<JavaClass, Map<JavaClass, Dependency>> inside = new TreeMap<>(BY_NAME);
                for (JavaClass origin : component) {
                    Map<JavaClass, Dependency> targets = new TreeMap<>(BY_NAME);
                    graph.get(origin).forEach((target, dependency) -> {
                        if (component.contains(target)) {
                            targets.put(target, dependency);
                        }
                    });
                    inside.put(origin, targets);
                }
                cycles.add(new ClassCycle(inside));
            }
        }
        return cycles;
    }

    /** Each class of the package tree, to the classes of the tree it depends on, with one such dependency each. */
    private Map<JavaClass, Map<JavaClass, Dependency>> graphOf(JavaClasses classes) {
        Map<JavaClass, Map<JavaClass, Dependency>> graph = new TreeMap<>(BY_NAME);
        for (JavaClass type : classes) {
            JavaClass origin = topLevel(type);
            if (!isInTree(origin)) {
                continue;
            }
            Map<JavaClass, Dependency> targets = graph.computeIfAbsent(origin, o -> new TreeMap<>(BY_NAME));
            for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                JavaClass target = topLevel(dependency.getTargetClass());
                if (!target.equals(origin) && isInTree(target)) {
                    // the same dependency is reported whichever order ArchUnit lists them in
                    targets.merge(target, dependency, (a, b) -> a.compareTo(b) <= 0 ? a : b);
                }
            }
        }
        for (Map<JavaClass, Dependency> targets : List.copyOf(graph.values())) {
            targets.keySet().forEach(target -> graph.computeIfAbsent(target, t -> new TreeMap<>(BY_NAME)));
        }
        return graph;
    }

    private boolean isInTree(JavaClass type) {
        String packageName = type.getPackageName();
        return packageName.equals(rootPackage) || packageName.startsWith(rootPackage + ".");
    }

    /**
     * {@return the top-level class a class is part of: itself, or the class it is nested in}
     *
     * @param type a class (for an array, its component type counts)
     */
    static JavaClass topLevel(JavaClass type) {
        JavaClass top = type.getBaseComponentType();
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }

    /** Tarjan's strongly connected components, iterative (no deep recursion on a long chain of classes). */
    private static final class Tarjan {
        private final Map<JavaClass, Map<JavaClass, Dependency>> graph;
        private final Map<JavaClass, Integer> index = new HashMap<>();
        private final Map<JavaClass, Integer> lowLink = new HashMap<>();
        private final Deque<JavaClass> stack = new ArrayDeque<>();
        private final Set<JavaClass> onStack = new HashSet<>();
        private final List<Set<JavaClass>> components = new ArrayList<>();

        Tarjan(Map<JavaClass, Map<JavaClass, Dependency>> graph) {
            this.graph = graph;
        }

        List<Set<JavaClass>> components() {
            for (JavaClass start : graph.keySet()) {
                if (!index.containsKey(start)) {
                    visit(start);
                }
            }
            return components;
        }

        private void visit(JavaClass start) {
            Deque<Map.Entry<JavaClass, List<JavaClass>>> work = new ArrayDeque<>();
            open(start, work);
            while (!work.isEmpty()) {
                Map.Entry<JavaClass, List<JavaClass>> frame = work.peek();
                JavaClass node = frame.getKey();
                List<JavaClass> pending = frame.getValue();
                if (!pending.isEmpty()) {
                    JavaClass next = pending.remove(pending.size() - 1);
                    if (!index.containsKey(next)) {
                        open(next, work);
                    } else if (onStack.contains(next)) {
                        lowLink.put(node, Math.min(lowLink.get(node), index.get(next)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    JavaClass parent = work.peek().getKey();
                    lowLink.put(parent, Math.min(lowLink.get(parent), lowLink.get(node)));
                }
                if (lowLink.get(node).equals(index.get(node))) {
                    Set<JavaClass> component = new HashSet<>();
                    JavaClass member;
                    do {
                        member = stack.pop();
                        onStack.remove(member);
                        component.add(member);
                    } while (!member.equals(node));
                    components.add(component);
                }
            }
        }

        private void open(JavaClass node, Deque<Map.Entry<JavaClass, List<JavaClass>>> work) {
            index.put(node, index.size());
            lowLink.put(node, index.get(node));
            stack.push(node);
            onStack.add(node);
            work.push(Map.entry(node, new ArrayList<>(graph.get(node).keySet())));
        }
    }
}
