package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.http.ApiException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Multi-cluster user mapping: the application's clusters and which cluster each userID is
 * assigned to. A user moved to another cluster stays pending until the move's task is published (the task delay),
 * then belongs to the new cluster; an assignment of a new user is usable at once. Records written with a user's
 * {@code X-Service-User-ID} header belong to it (to the last user that wrote each), while stored: an index emptied,
 * deleted or replaced by a copy takes its records' claims along, and a move hands them to the index it replaces. With
 * no cluster configured the feature is disabled. User IDs are
 * chosen by callers, so at most {@value #MAX_USERS} are assigned at once, each of at most {@value #MAX_USER_ID_CHARS}
 * characters (the mock server's choice: the service documents neither): a loop of batch assignments grew the heap
 * without end.
 */
public final class UserMappings {

    /** The most users assigned at once. */
    public static final int MAX_USERS = 10_000;

    /** The longest user ID, in UTF-16 characters. */
    public static final int MAX_USER_ID_CHARS = 256;

    /**
     * One user's assignment.
     *
     * @param userID the user
     * @param clusterName its cluster
     * @param createdAtMillis when it was assigned there
     * @param moveTaskId the task of a move still pending, 0 for none
     * @param previousCluster the cluster a pending move leaves, or {@code null}
     */
    public record Mapping(
            String userID, String clusterName, long createdAtMillis, long moveTaskId, String previousCluster) {}

    private final List<String> clusters;
    private final TaskLog tasks;
    private final Map<String, Mapping> users = new TreeMap<>();
    /** Who wrote the records written with a user ID header, by index. */
    private final Map<String, Owners> owners = new HashMap<>();

    /**
     * The users of one index's records, one per record: the last that wrote it. Claims on deleted records stay until
     * the bytes of the claims double since they were last pruned, then only the stored ones are kept: a loop writing
     * and deleting new records grew them without end. Counted in bytes, as objectIDs are the callers' to choose.
     */
    private static final class Owners {
        final Map<String, String> byId = new HashMap<>();
        long bytes;
        long pruneAt = PRUNE_FLOOR_BYTES;
    }

    /** The fewest bytes of claims of one index that are pruned. */
    static final long PRUNE_FLOOR_BYTES = 128 * 1024;

    /** {@return an estimate of the heap one claim holds: its map entry and its objectID} */
    static long claimBytes(String objectID) {
        return 80 + 2L * objectID.length();
    }

    /**
     * @param clusters the cluster names, none to disable the feature
     * @param tasks the task log that times moves
     */
    public UserMappings(List<String> clusters, TaskLog tasks) {
        this.clusters = List.copyOf(clusters);
        this.tasks = tasks;
    }

    /** {@return whether multi-cluster mapping is enabled} */
    public boolean enabled() {
        return !clusters.isEmpty();
    }

    /** {@return the cluster names} */
    public List<String> clusters() {
        return clusters;
    }

    /**
     * Assigns or moves a user.
     *
     * @param userID the user
     * @param cluster an existing cluster
     * @param nowMillis the time
     * @return the new mapping
     */
    public synchronized Mapping assign(String userID, String cluster, long nowMillis) {
        return assignAll(List.of(userID), cluster, nowMillis).get(0);
    }

    /**
     * Assigns or moves users, all of them or, when they would be more than {@value #MAX_USERS}, none.
     *
     * @param userIDs the users, each as {@link #checkUserID} takes it
     * @param cluster an existing cluster
     * @param nowMillis the time
     * @return the new mappings, in order
     * @throws ApiException 403 when the users assigned would pass {@value #MAX_USERS}
     */
    public synchronized List<Mapping> assignAll(List<String> userIDs, String cluster, long nowMillis) {
        long added =
                userIDs.stream().distinct().filter(id -> !users.containsKey(id)).count();
        if (users.size() + added > MAX_USERS) {
            throw new ApiException(
                    403,
                    "Too many user IDs: the mock server assigns at most " + MAX_USERS + " at once (" + users.size()
                            + " are, " + added + " more asked); remove some first");
        }
        List<Mapping> assigned = new ArrayList<>();
        userIDs.forEach(userID -> assigned.add(assignOne(userID, cluster, nowMillis)));
        return assigned;
    }

    /**
     * {@return the user ID, when it is one the mappings take}
     *
     * @param userID a user ID from a header, a path or a body, or {@code null}
     * @throws ApiException 400 when it is missing, blank or longer than {@value #MAX_USER_ID_CHARS} characters
     */
    public static String checkUserID(String userID) {
        if (userID == null || userID.isBlank()) {
            throw ApiException.badRequest("A user ID is required: a non-empty string");
        }
        if (userID.length() > MAX_USER_ID_CHARS) {
            throw ApiException.badRequest(
                    "A user ID holds at most " + MAX_USER_ID_CHARS + " characters; got " + userID.length());
        }
        return userID;
    }

    private Mapping assignOne(String userID, String cluster, long nowMillis) {
        Mapping current = users.get(userID);
        Mapping mapping;
        if (current == null) {
            mapping = new Mapping(userID, cluster, nowMillis, 0, null);
        } else if (current.clusterName().equals(cluster)) {
            mapping = current;
        } else {
            mapping = new Mapping(userID, cluster, nowMillis, tasks.record(), current.clusterName());
        }
        users.put(userID, mapping);
        return mapping;
    }

    /**
     * {@return its mapping, or {@code null}}
     *
     * @param userID a user
     */
    public synchronized Mapping find(String userID) {
        return users.get(userID);
    }

    /**
     * Removes a user's mapping and forgets its records.
     *
     * @param userID a user
     * @return the user's records by index (for the caller to delete), or {@code null} when it was not assigned
     */
    public synchronized Map<String, Set<String>> remove(String userID) {
        if (users.remove(userID) == null) {
            return null;
        }
        Map<String, Set<String>> ids = new TreeMap<>();
        owners.forEach((index, owned) -> owned.byId.entrySet().removeIf(claim -> {
            if (!claim.getValue().equals(userID)) {
                return false;
            }
            ids.computeIfAbsent(index, i -> new TreeSet<>()).add(claim.getKey());
            owned.bytes -= claimBytes(claim.getKey());
            return true;
        }));
        return ids;
    }

    /**
     * Attributes records to an assigned user (ignored for a user without mapping).
     *
     * @param userID the user
     * @param indexName the index written
     * @param objectIDs the records written
     * @return whether the user is assigned, and the records now its own
     */
    public boolean claim(String userID, String indexName, Collection<String> objectIDs) {
        return claim(userID, indexName, objectIDs, objectID -> true);
    }

    /**
     * Attributes records to an assigned user (ignored for a user without mapping), taking them from any user that
     * wrote them before, and forgetting the claims on records of the index no longer stored once their bytes have
     * doubled since last pruned.
     *
     * @param userID the user
     * @param indexName the index written, whose lock the caller holds so that no other write is under way there
     * @param objectIDs the records written
     * @param stored whether a record of the index is stored (read before this write applies)
     * @return whether the user is assigned, and the records now its own
     */
    public synchronized boolean claim(
            String userID, String indexName, Collection<String> objectIDs, Predicate<String> stored) {
        Mapping mapping = users.get(userID);
        if (mapping == null) {
            return false;
        }
        Owners owned = owners.computeIfAbsent(indexName, i -> new Owners());
        if (owned.bytes >= owned.pruneAt) {
            owned.byId.keySet().removeIf(objectID -> {
                boolean gone = !stored.test(objectID);
                if (gone) {
                    owned.bytes -= claimBytes(objectID);
                }
                return gone;
            });
            owned.pruneAt = Math.max(PRUNE_FLOOR_BYTES, 2 * owned.bytes);
        }
        for (String objectID : objectIDs) {
            // the mapping's own instance of the ID, so that claims share it
            if (objectID != null && owned.byId.put(objectID, mapping.userID()) == null) {
                owned.bytes += claimBytes(objectID);
            }
        }
        return true;
    }

    /**
     * Forgets every claim on records of an index that was deleted, emptied or replaced by a copy.
     *
     * @param indexName the index, whose lock the caller holds
     */
    public synchronized void forgetIndex(String indexName) {
        owners.remove(indexName);
    }

    /**
     * Moves the claims on an index's records to the index they were moved to, in place of that index's.
     *
     * @param from the index moved, whose lock the caller holds
     * @param to the index it replaces, whose lock the caller holds
     */
    public synchronized void moveIndex(String from, String to) {
        Owners moved = owners.remove(from);
        if (moved == null) {
            owners.remove(to);
        } else {
            owners.put(to, moved);
        }
    }

    /**
     * {@return the records it wrote by index (some may since have been deleted)}
     *
     * @param userID a user
     */
    public synchronized Map<String, Set<String>> records(String userID) {
        Map<String, Set<String>> ids = new TreeMap<>();
        owners.forEach((index, owned) -> owned.byId.forEach((objectID, owner) -> {
            if (owner.equals(userID)) {
                ids.computeIfAbsent(index, i -> new TreeSet<>()).add(objectID);
            }
        }));
        return ids;
    }

    /** {@return the bytes every claim holds, an estimate} */
    synchronized long claimedBytes() {
        return owners.values().stream().mapToLong(owned -> owned.bytes).sum();
    }

    /**
     * {@return each user's stored records: {nbRecords, dataSize}, by user (a user without any is left out)} One pass
     * over the claims, each a lookup of its record's size without copying the record: a request answering several
     * users' figures costs the same as one answering one.
     *
     * @param sizesOf for an index, the approximate JSON size of its records by objectID (-1 for one not stored), or
     *     {@code null} when the index does not exist
     */
    public synchronized Map<String, long[]> usage(Function<String, ToLongFunction<String>> sizesOf) {
        Map<String, long[]> usage = new HashMap<>();
        owners.forEach((index, owned) -> {
            ToLongFunction<String> sizes = sizesOf.apply(index);
            if (sizes != null) {
                owned.byId.forEach((objectID, owner) -> {
                    long size = sizes.applyAsLong(objectID);
                    if (size >= 0) {
                        long[] counted = usage.computeIfAbsent(owner, o -> new long[2]);
                        counted[0]++;
                        counted[1] += size;
                    }
                });
            }
        });
        return usage;
    }

    /** {@return every mapping, by userID} */
    public synchronized List<Mapping> all() {
        return new ArrayList<>(users.values());
    }

    /**
     * {@return whether its move to another cluster is still running}
     *
     * @param mapping a mapping
     */
    public boolean pending(Mapping mapping) {
        return mapping.moveTaskId() != 0 && !Boolean.TRUE.equals(tasks.isPublished(mapping.moveTaskId()));
    }

    /** {@return the mappings of users still being moved, by userID} */
    public List<Mapping> pendingMoves() {
        return all().stream()
                .filter(this::pending)
                .sorted(Comparator.comparing(Mapping::userID))
                .toList();
    }

    /** Removes every mapping. */
    public synchronized void clear() {
        users.clear();
        owners.clear();
    }
}
