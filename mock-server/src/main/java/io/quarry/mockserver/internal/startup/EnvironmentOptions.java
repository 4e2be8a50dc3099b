package io.quarry.mockserver.internal.startup;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The command line's options given as environment variables, one per option: {@code --app-id ID} is
 * {@code QUARRY_MOCK_APP_ID=ID}, {@code --https} is {@code QUARRY_MOCK_HTTPS=true}. A container image is configured
 * this way; an option on the command line wins over its variable.
 */
public final class EnvironmentOptions {

    /** The prefix of every variable. */
    public static final String PREFIX = "QUARRY_MOCK_";

    private static final List<String> VALUE_OPTIONS = List.of(
            "--port",
            "--bind",
            "--hosts",
            "--app-id",
            "--admin-key",
            "--monitoring-key",
            "--usage-key",
            "--monitoring-seed",
            "--crawler-user",
            "--crawler-key",
            "--cert-out",
            "--seed",
            "--task-delay",
            "--clusters",
            "--console");
    private static final List<String> FLAG_OPTIONS = List.of("--https", "--strict");

    private EnvironmentOptions() {}

    /**
     * {@return the variable of an option, e.g. {@code QUARRY_MOCK_APP_ID} for {@code --app-id}}
     *
     * @param option the option, with its two dashes
     */
    public static String variable(String option) {
        return PREFIX + option.substring(2).toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /**
     * The options the environment gives and the command line does not, as arguments before the command line's.
     * An empty variable counts as unset. {@code QUARRY_MOCK_SEED} holds one path or several, separated by
     * {@link File#pathSeparator}; a flag's variable is {@code true} or {@code false}.
     *
     * @param args the command line
     * @param environment the environment, e.g. {@link System#getenv()}
     * @return the arguments to parse
     * @throws IllegalArgumentException for an unknown {@code QUARRY_MOCK_} variable or a flag's other than
     *     {@code true} or {@code false}
     */
    public static String[] withCommandLine(String[] args, Map<String, String> environment) {
        // loops rather than lambdas: this runs before every standalone start, where each lambda spins classes
        Map<String, String> given = new TreeMap<>();
        for (Map.Entry<String, String> variable : environment.entrySet()) {
            if (variable.getKey().startsWith(PREFIX) && !variable.getValue().isEmpty()) {
                given.put(variable.getKey(), variable.getValue());
            }
        }
        String port = given.get(variable("--port"));
        if (port != null && serviceAddress(port)) {
            given.remove(variable("--port")); // a Kubernetes service's address, not a port to listen on
        }
        List<String> merged = new ArrayList<>();
        List<String> commandLine = Arrays.asList(args);
        for (String option : VALUE_OPTIONS) {
            String value = given.remove(variable(option));
            if (value != null && !commandLine.contains(option)) {
                List<String> values =
                        option.equals("--seed") ? Arrays.asList(value.split(File.pathSeparator)) : List.of(value);
                for (String each : values) {
                    // "/seed:" or "a::b" hold an empty path, which would name the working directory
                    if (!each.isEmpty()) {
                        merged.add(option);
                        merged.add(each);
                    }
                }
            }
        }
        for (String option : FLAG_OPTIONS) {
            String value = given.remove(variable(option));
            if (value != null && !commandLine.contains(option) && flag(option, value)) {
                merged.add(option);
            }
        }
        if (!given.isEmpty()) {
            given.entrySet().removeIf(EnvironmentOptions::serviceLink);
        }
        if (!given.isEmpty()) {
            throw new IllegalArgumentException("unknown environment variable " + String.join(", ", given.keySet())
                    + "; the mock server reads " + PREFIX + " followed by an option's name");
        }
        merged.addAll(commandLine);
        return merged.toArray(new String[0]);
    }

    /**
     * Whether a variable is one Kubernetes puts in every container of a namespace for each Service (its "service
     * links"): a Service named {@code quarry-mock} gives {@code QUARRY_MOCK_SERVICE_HOST}, {@code
     * QUARRY_MOCK_SERVICE_PORT}, {@code QUARRY_MOCK_PORT=tcp://10.0.0.7:8080}, {@code QUARRY_MOCK_PORT_8080_TCP} and
     * its {@code _PROTO}, {@code _PORT} and {@code _ADDR}; one named {@code quarry-mock-search} the same after
     * {@code QUARRY_MOCK_SEARCH_}. They name no option and are not the user's, so they are ignored rather than stop
     * the start; {@code QUARRY_MOCK_PORT} counts as one only when its value is such an address.
     */
    private static boolean serviceLink(Map.Entry<String, String> variable) {
        return serviceLink(variable.getKey(), variable.getValue());
    }

    private static boolean serviceLink(String name, String value) {
        String rest = name.substring(PREFIX.length());
        if (rest.matches("(?:[A-Z0-9_]+_)?SERVICE_(?:HOST|PORT(?:_[A-Z0-9_]+)?)")
                || rest.matches("(?:[A-Z0-9_]+_)?PORT_[0-9]+_(?:TCP|UDP|SCTP)(?:_PROTO|_PORT|_ADDR)?")) {
            return true;
        }
        return (rest.equals("PORT") || rest.endsWith("_PORT")) && serviceAddress(value);
    }

    /** Whether a value is a service link's address, {@code tcp://10.0.0.7:8080}; no regex: it runs on every start. */
    private static boolean serviceAddress(String value) {
        return value.startsWith("tcp://") || value.startsWith("udp://") || value.startsWith("sctp://");
    }

    /**
     * {@return the refusal of a start, its message ending with the variables that gave the options it names}, e.g.
     * {@code --task-delay needs a duration ..., not soon (from the environment: QUARRY_MOCK_TASK_DELAY)}: the
     * refusal itself when it names none of them. Only names are added, never a value.
     *
     * @param refusal why the start was refused
     * @param args the arguments parsed, the environment's first, as {@link #withCommandLine} gives them
     * @param fromEnvironment how many of them the environment gave
     */
    public static IllegalArgumentException namingVariables(
            IllegalArgumentException refusal, String[] args, int fromEnvironment) {
        String message = refusal.getMessage();
        if (message == null) {
            return refusal;
        }
        List<String> variables = new ArrayList<>();
        for (int i = 0; i < fromEnvironment; i++) {
            String option = args[i];
            if (VALUE_OPTIONS.contains(option)) {
                i++;
            }
            String variable = variable(option);
            if (names(message, option) && !message.contains(variable) && !variables.contains(variable)) {
                variables.add(variable);
            }
        }
        return variables.isEmpty()
                ? refusal
                : new IllegalArgumentException(
                        message + " (from the environment: " + String.join(", ", variables) + ")", refusal);
    }

    /** {@return whether the message names the option itself: {@code --seed}, not {@code --seeds}} */
    private static boolean names(String message, String option) {
        for (int at = message.indexOf(option); at >= 0; at = message.indexOf(option, at + 1)) {
            int after = at + option.length();
            if (after == message.length()
                    || !(Character.isLetterOrDigit(message.charAt(after)) || message.charAt(after) == '-')) {
                return true;
            }
        }
        return false;
    }

    private static boolean flag(String option, String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(variable(option) + " must be true or false, not " + value);
        };
    }
}
