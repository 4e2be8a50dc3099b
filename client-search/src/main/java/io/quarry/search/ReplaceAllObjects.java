package io.quarry.search;

import io.quarry.core.NotFoundException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.spi.Polling;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.CopyScope;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.UpdateTaskResponse;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The steps of {@link SearchIndex#replaceAllObjects(Collection, BatchOptions)}: copy settings, synonyms and
 * rules to a temporary index, write the records there, wait, move it over the target; delete the temporary
 * index if any step fails.
 */
final class ReplaceAllObjects {

    private static final List<CopyScope> SCOPES = List.of(CopyScope.SETTINGS, CopyScope.SYNONYMS, CopyScope.RULES);

    private ReplaceAllObjects() {}

    static ReplaceAllResponse run(SearchIndex target, Collection<?> records, BatchOptions options) {
        SearchIndex temporary = temporaryFor(target);
        try {
            UpdateTaskResponse copy = copyScopesOrNull(target, temporary.name());
            List<BatchResponse> batches = temporary.saveObjects(records, options.waitingForTasks());
            if (copy != null) {
                target.waitForTask(copy.taskID(), options.waitPolicy());
            }
            UpdateTaskResponse move = temporary.moveTo(target.name());
            temporary.waitForTask(move.taskID(), options.waitPolicy());
            return new ReplaceAllResponse(copy, batches, move);
        } catch (RuntimeException e) {
            RuntimeException failure = withoutPartialReport(e);
            deleteQuietly(temporary, failure);
            throw failure;
        }
    }

    static CompletableFuture<ReplaceAllResponse> runAsync(
            SearchIndex target, Collection<?> records, BatchOptions options) {
        SearchIndex temporary = temporaryFor(target);
        BatchOptions waiting = options.waitingForTasks();
        return target.copyToAsync(temporary.name(), SCOPES)
                .handle((copy, error) -> {
                    Throwable cause = error == null ? null : Polling.unwrap(error);
                    if (cause != null && !(cause instanceof NotFoundException)) {
                        throw new CompletionException(cause);
                    }
                    return copy;
                })
                .thenCompose(copy -> temporary
                        .saveObjectsAsync(records, waiting)
                        .thenCompose(batches -> (copy == null
                                        ? CompletableFuture.completedFuture(null)
                                        : target.waitForTaskAsync(copy.taskID(), options.waitPolicy()))
                                .thenCompose(ignored -> temporary.moveToAsync(target.name()))
                                .thenCompose(move -> temporary
                                        .waitForTaskAsync(move.taskID(), options.waitPolicy())
                                        .thenApply(ignored -> new ReplaceAllResponse(copy, batches, move)))))
                .exceptionallyCompose(error -> temporary.deleteAsync().handle((r, cleanupError) -> {
                    Throwable cause = Polling.unwrap(error);
                    if (cause instanceof PartialWriteException partial) {
                        cause = partial.getCause();
                    }
                    if (cleanupError != null) {
                        cause.addSuppressed(Polling.unwrap(cleanupError));
                    }
                    throw new CompletionException(cause);
                }));
    }

    /**
     * A chunk's failure instead of the partial-write report: the chunks written went with the temporary index,
     * so the report would name writes that no longer exist.
     */
    private static RuntimeException withoutPartialReport(RuntimeException e) {
        return e instanceof PartialWriteException partial && partial.getCause() instanceof RuntimeException cause
                ? cause
                : e;
    }

    private static UpdateTaskResponse copyScopesOrNull(SearchIndex target, String destination) {
        try {
            return target.copyTo(destination, SCOPES);
        } catch (NotFoundException e) {
            return null; // nothing to copy: the target does not exist yet
        }
    }

    private static SearchIndex temporaryFor(SearchIndex target) {
        return target.sibling(target.name() + "_tmp_"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
    }

    private static void deleteQuietly(SearchIndex index, RuntimeException failure) {
        try {
            index.delete();
        } catch (RuntimeException cleanup) {
            failure.addSuppressed(cleanup);
        }
    }
}
