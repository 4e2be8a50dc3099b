package io.quarry.spring;

import java.util.function.Predicate;

/**
 * Which health group a walk of the {@code quarry} contributor serves, learnt from the group itself. Spring Boot's
 * health endpoint never tells a contributor the group it serves, but on both Boot lines it walks a composite on one
 * thread: it takes the composite's children ({@link #begin()} here), then asks the group whether each child's path is
 * a member before it asks that child for its health. Each line's contributor has the endpoint's groups wrapped so that
 * this question is seen ({@link #seen}); the first one of a walk names its group, whose checks then all start at
 * once, on whatever thread asks the first of them (a reactive endpoint asks them on others).
 */
final class HealthGroupWalk {

    /** The contributor's name in Spring Boot's registry, from its bean's name {@code quarryHealthContributor}. */
    static final String CONTRIBUTOR = "quarry";

    private static final String PREFIX = CONTRIBUTOR + "/";

    /** The walk this thread is making, if it has made one. */
    private static final ThreadLocal<HealthGroupWalk> CURRENT = new ThreadLocal<>();

    /** Whether the group includes a check, by its name ({@code search}), or null while no question was seen. */
    private volatile Predicate<String> includes;

    private HealthGroupWalk() {}

    /** {@return a walk starting on this thread, whose group the next membership question seen here names} */
    static HealthGroupWalk begin() {
        HealthGroupWalk walk = new HealthGroupWalk();
        CURRENT.set(walk);
        return walk;
    }

    /**
     * Notes a health group's membership question: when it is about one of the checks, and this thread is making a
     * walk, that group is the walk's, and the thread's walk is over (so that it holds nothing once the endpoint is
     * done with it).
     *
     * @param path     the path asked about, such as {@code quarry/search}
     * @param isMember the group's own membership test
     */
    static void seen(String path, Predicate<String> isMember) {
        HealthGroupWalk walk = CURRENT.get();
        if (walk != null && path.startsWith(PREFIX)) {
            walk.includes = check -> isMember.test(PREFIX + check);
            CURRENT.remove();
        }
    }

    /** {@return whether the walk's group includes each check, by its name, or null when the group is unknown} */
    Predicate<String> includes() {
        return includes;
    }
}
