package io.quarry.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * JSON paths as {@code AnswerMutator} writes them ({@code $.hits[2].price}) matched against the patterns a test
 * gives {@link MutatedAnswers#untyped}, where {@code [*]} stands for any item and {@code .*} for any member. A hand
 * scan, linear in the path.
 */
final class Places {

    private Places() {}

    /**
     * {@return whether a pattern covers the path: it matches the path or a place above it}
     *
     * @param path a path
     * @param patterns the patterns
     */
    static boolean coveredBy(String path, List<String> patterns) {
        List<String> steps = steps(path);
        for (String pattern : patterns) {
            List<String> wanted = steps(pattern);
            if (wanted.size() <= steps.size() && matches(wanted, steps)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@return whether a failure's path names a place: it is the place, the object holding it, a member beside it
     * (the same member under the reader's own name) or the end of its path (a part decoded on its own)}
     *
     * @param failedAt the path a failure names
     * @param place the place
     */
    static boolean names(String failedAt, String place) {
        String holder = parent(place);
        return failedAt.equals(place)
                || failedAt.equals(holder)
                || (holder != null && holder.equals(parent(failedAt)))
                || (failedAt.length() > 1 && place.endsWith(failedAt.substring(1)));
    }

    /** {@return the path of the value holding a place, null for the root} */
    private static String parent(String path) {
        List<String> steps = steps(path);
        if (steps.isEmpty()) {
            return null;
        }
        return path.substring(0, path.length() - steps.get(steps.size() - 1).length());
    }

    /** {@return the path with every item index as {@code [*]}, a pattern to name it in {@code untyped}} */
    static String pattern(String path) {
        StringBuilder pattern = new StringBuilder("$");
        for (String step : steps(path)) {
            pattern.append(step.startsWith("[") ? "[*]" : step);
        }
        return pattern.toString();
    }

    private static boolean matches(List<String> wanted, List<String> steps) {
        for (int i = 0; i < wanted.size(); i++) {
            String want = wanted.get(i);
            String step = steps.get(i);
            boolean any = want.equals("[*]") ? step.startsWith("[") : want.equals(".*") && step.startsWith(".");
            if (!any && !want.equals(step)) {
                return false;
            }
        }
        return true;
    }

    /** The steps after {@code $}: {@code .name} or {@code [index]}, each. */
    private static List<String> steps(String path) {
        List<String> steps = new ArrayList<>();
        int start = 1; // past the $
        for (int i = 1; i <= path.length(); i++) {
            boolean boundary = i == path.length() || path.charAt(i) == '.' || path.charAt(i) == '[';
            if (boundary && i > start) {
                steps.add(path.substring(start, i));
                start = i;
            }
        }
        return steps;
    }
}
