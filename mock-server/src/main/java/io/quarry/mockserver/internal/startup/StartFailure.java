package io.quarry.mockserver.internal.startup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.UnknownHostException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The one line a standalone start that failed on the machine (a port taken, an address not this machine's, a seed
 * that cannot be read) prints, naming the options concerned, instead of a stack trace.
 */
public final class StartFailure {

    private StartFailure() {}

    /**
     * {@return what went wrong, and which options to change}
     *
     * @param failure the failure of the start
     * @param bind the address asked for
     * @param port the port asked for, 0 for a free one
     */
    public static String describe(UncheckedIOException failure, String bind, int port) {
        IOException cause = failure.getCause();
        if (cause instanceof UnknownHostException) {
            return "--bind " + bind + " names no address of this machine (" + cause.getMessage() + ")";
        }
        if (cause instanceof BindException) {
            String ports = port == 0 ? "a free port" : "port " + port + " (or one after it, with --hosts)";
            return "cannot listen on " + bind + ", " + ports + ": " + cause.getMessage() + "; change --port or --bind";
        }
        if (cause instanceof NoSuchFileException) {
            return failure.getMessage() + ": no such file or directory (--seed)";
        }
        if (cause instanceof AccessDeniedException) {
            return failure.getMessage() + ": permission denied (--seed)";
        }
        String message = failure.getMessage();
        return cause.getMessage() == null || message.contains(cause.getMessage())
                ? message
                : message + ": " + cause.getMessage();
    }

    /**
     * {@return why the certificate could not be written where {@code --cert-out} says, in words: in a container, a
     *     directory not mounted, or one the server's user may not write to}
     *
     * @param file the file asked for
     * @param failure the failure to write it
     */
    public static String certificateNotWritten(Path file, IOException failure) {
        String why;
        if (failure instanceof NoSuchFileException) {
            why = "no such directory";
        } else if (failure instanceof AccessDeniedException) {
            why = "permission denied";
        } else if (failure instanceof FileSystemException system && system.getReason() != null) {
            why = system.getReason();
        } else {
            why = failure.getMessage();
        }
        return "cannot write " + file + ": " + why + " (--cert-out)";
    }
}
