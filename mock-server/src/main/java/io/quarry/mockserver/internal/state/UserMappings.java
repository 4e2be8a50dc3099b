package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.internal.index.RecordWatch;
import io.quarry.mockserver.engine.internal.index.StoreHolds;
import io.quarry.mockserver.internal.http.ApiException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

/**
 * Multi-cluster user mapping: the application's clusters and which cluster each userID is
 * assigned to. A user moved to another cluster stays pending until the move's task is published (the task delay),
 * then belongs to the new cluster; an assignment of a new user is usable at once. Records written with a user's
 * {@code X-Service-User-ID} header belong to it (to the last user that wrote each), while stored: a record deleted is
 * no one's, an index emptied, deleted or replaced (a copy, a seed) takes its records' claims along, and a move hands
 * them to the index it replaces. Each user's and each cluster's figures (records, bytes, users) are kept as claims and
 * records change, so that answering them reads no record. With no cluster configured the feature is disabled. User
 * IDs are chosen by callers, so at most {@value #MAX_USERS} are assigned at once, each of at most
 * {@value #MAX_USER_ID_CHARS} characters (the mock server's choice: the service documents neither): a loop of batch
 * assignments grew the heap without end.
 *
 * <p>Locks: a write group tells an index's claims of its changes under the records' write lock, and they take this
 * object's; so nothing here waits for records while holding this object.
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
    /** Each assigned user's stored records: {nbRecords, dataSize}, kept as claims and records change. */
    private final Map<String, long[]> usage = new HashMap<>();
    /** Each cluster's figures: {nbRecords, dataSize, nbUserIDs}, kept as users and their records change. */
    private final Map<String, long[]> byCluster = new HashMap<>();

    /** A record's writer, and the record's JSON size while stored (-1 when not, as before a write applies). */
    private static final class Claim {
        String userID;
        long size;

        Claim(String userID, long size) {
            this.userID = userID;
            this.size = size;
        }
    }

    /**
     * The users of one index's records, one per record: the last that wrote it. It watches the index's records, so
     * that a claim follows its record's size and goes when the record does, whoever writes it. A claim whose write
     * did not apply (refused) names no stored record: such claims stay until the bytes of the claims double since
     * they were last pruned. Counted in bytes, as objectIDs are the callers' to choose.
     */
    private final class Owners implements RecordWatch {
        final IndexData data;
        final Map<String, Claim> byId = new HashMap<>();
        long bytes;
        long pruneAt = PRUNE_FLOOR_BYTES;
        /** Set once forgotten: a write group that saw this watch before it was let go changes nothing then. */
        boolean forgotten;

        Owners(IndexData data) {
            this.data = data;
        }

        @Override
        public void kept(boolean cleared, Set<String> written, ToLongFunction<String> jsonSizes) {
            synchronized (UserMappings.this) {
                if (forgotten) {
                    return;
                }
                if (cleared) {
                    byId.entrySet().removeIf(claim -> !written.contains(claim.getKey()) && drop(claim));
                }
                for (String objectID : written) {
                    Claim claim = byId.get(objectID);
                    if (claim != null) {
                        resize(objectID, claim, jsonSizes.applyAsLong(objectID));
                    }
                }
            }
        }

        /** Its record is now {@code size} bytes, or gone (-1): a record deleted is no one's. */
        private void resize(String objectID, Claim claim, long size) {
            count(claim.userID, claim.size, -1);
            if (size < 0) {
                byId.remove(objectID);
                bytes -= claimBytes(objectID);
            } else {
                claim.size = size;
                count(claim.userID, size, 1);
            }
        }

        /** Uncounts a claim about to be removed; {@return true} */
        private boolean drop(Map.Entry<String, Claim> claim) {
            count(claim.getValue().userID, claim.getValue().size, -1);
            bytes -= claimBytes(claim.getKey());
            return true;
        }
    }

    /** The fewest bytes of claims of one index that are pruned. */
    static final long PRUNE_FLOOR_BYTES = 128 * 1024;

    /** {@return an estimate of the heap one claim holds: its map entry, the claim and its objectID} */
    static long claimBytes(String objectID) {
        return 112 + 2L * objectID.length();
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
            clusterFigures(cluster)[2]++;
        } else if (current.clusterName().equals(cluster)) {
            mapping = current;
        } else {
            mapping = new Mapping(userID, cluster, nowMillis, tasks.record(), current.clusterName());
            // the user's records count in its new cluster from now on, as the user does
            long[] used = usage.getOrDefault(userID, NONE);
            long[] from = clusterFigures(current.clusterName());
            long[] to = clusterFigures(cluster);
            for (int i = 0; i < 2; i++) {
                from[i] -= used[i];
                to[i] += used[i];
            }
            from[2]--;
            to[2]++;
        }
        users.put(userID, mapping);
        return mapping;
    }

    private static final long[] NONE = new long[2];

    private long[] clusterFigures(String cluster) {
        return byCluster.computeIfAbsent(cluster, c -> new long[3]);
    }

    /** Adds (or takes away, {@code records} -1) one stored record of {@code size} bytes to a user's figures. */
    private void count(String userID, long size, int records) {
        if (size < 0) {
            return;
        }
        long[] used = usage.computeIfAbsent(userID, u -> new long[2]);
        long[] cluster = clusterFigures(users.get(userID).clusterName());
        used[0] += records;
        cluster[0] += records;
        used[1] += records * size;
        cluster[1] += records * size;
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
        Mapping removed = users.get(userID);
        if (removed == null) {
            return null;
        }
        Map<String, Set<String>> ids = new TreeMap<>();
        owners.forEach((index, owned) -> owned.byId.entrySet().removeIf(claim -> {
            if (!claim.getValue().userID.equals(userID)) {
                return false;
            }
            ids.computeIfAbsent(index, i -> new TreeSet<>()).add(claim.getKey());
            return owned.drop(claim);
        }));
        users.remove(userID);
        usage.remove(userID);
        clusterFigures(removed.clusterName())[2]--;
        return ids;
    }

    /**
     * Attributes records to an assigned user (ignored for a user without mapping), taking them from any user that
     * wrote them before, and forgetting the claims whose write did not apply once their bytes have doubled since
     * last pruned.
     *
     * @param userID the user
     * @param indexName the index written, whose lock the caller holds so that no other write is under way there
     * @param data the index's records
     * @param objectIDs the records written
     * @return whether the user is assigned, and the records now its own
     */
    public boolean claim(String userID, String indexName, IndexData data, Collection<String> objectIDs) {
        if (find(userID) == null) {
            return false;
        }
        // read before the lock: a write group tells its watch under the records' lock, and the watch takes this one
        Map<String, Long> sizes = new HashMap<>();
        for (String objectID : objectIDs) {
            if (objectID != null) {
                sizes.put(objectID, StoreHolds.jsonSize(data, objectID));
            }
        }
        return claimSized(userID, indexName, data, sizes);
    }

    private synchronized boolean claimSized(String userID, String indexName, IndexData data, Map<String, Long> sizes) {
        Mapping mapping = users.get(userID);
        if (mapping == null) {
            return false;
        }
        Owners owned = owners.get(indexName);
        if (owned != null && owned.data != data) {
            forgetIndex(indexName);
            owned = null;
        }
        if (owned == null) {
            owned = new Owners(data);
            owners.put(indexName, owned);
            StoreHolds.watch(data, owned);
        }
        if (owned.bytes >= owned.pruneAt) {
            Owners pruned = owned;
            owned.byId.entrySet().removeIf(claim -> claim.getValue().size < 0 && pruned.drop(claim));
            owned.pruneAt = Math.max(PRUNE_FLOOR_BYTES, 2 * owned.bytes);
        }
        for (Map.Entry<String, Long> written : sizes.entrySet()) {
            String objectID = written.getKey();
            Claim claim = owned.byId.get(objectID);
            if (claim == null) {
                // the mapping's own instance of the ID, so that claims share it
                owned.byId.put(objectID, new Claim(mapping.userID(), written.getValue()));
                owned.bytes += claimBytes(objectID);
                count(mapping.userID(), written.getValue(), 1);
            } else if (!claim.userID.equals(userID)) {
                count(claim.userID, claim.size, -1);
                claim.userID = mapping.userID();
                count(claim.userID, claim.size, 1);
            }
        }
        return true;
    }

    /**
     * Forgets every claim on records of an index that was deleted, emptied or replaced (a copy, a seed).
     *
     * @param indexName the index, whose lock the caller holds
     */
    public synchronized void forgetIndex(String indexName) {
        Owners owned = owners.remove(indexName);
        if (owned != null) {
            forget(owned);
        }
    }

    private void forget(Owners owned) {
        owned.forgotten = true;
        StoreHolds.unwatch(owned.data, owned);
        owned.byId.entrySet().removeIf(owned::drop);
    }

    /**
     * Forgets the claims on an index's records when it holds other records than those claimed: a replica now
     * sharing its primary's, or records that took the place of the former ones.
     *
     * @param indexName the index, whose lock the caller holds
     * @param data the records it holds
     */
    public synchronized void holding(String indexName, IndexData data) {
        Owners owned = owners.get(indexName);
        if (owned != null && owned.data != data) {
            forgetIndex(indexName);
        }
    }

    /**
     * Moves the claims on an index's records to the index they were moved to, in place of that index's.
     *
     * @param from the index moved, whose lock the caller holds
     * @param to the index it replaces, whose lock the caller holds
     */
    public synchronized void moveIndex(String from, String to) {
        Owners moved = owners.remove(from);
        forgetIndex(to);
        if (moved != null) {
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
        owners.forEach((index, owned) -> owned.byId.forEach((objectID, claim) -> {
            if (claim.userID.equals(userID)) {
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
     * {@return a user's stored records: {nbRecords, dataSize}} Kept as claims and records change, so that reading it
     * reads no record.
     *
     * @param userID a user
     */
    public synchronized long[] usage(String userID) {
        return usage.getOrDefault(userID, NONE).clone();
    }

    /** {@return each user's stored records: {nbRecords, dataSize}, by user (a user without any may be left out)} */
    public synchronized Map<String, long[]> usage() {
        Map<String, long[]> copy = new HashMap<>();
        usage.forEach((userID, used) -> copy.put(userID, used.clone()));
        return copy;
    }

    /**
     * {@return each cluster's figures, {nbRecords, dataSize, nbUserIDs}, in the clusters' order} Kept as users and
     * their records change: it costs one entry per cluster, whatever the users and records.
     */
    public synchronized Map<String, long[]> clusterFigures() {
        Map<String, long[]> figures = new LinkedHashMap<>();
        clusters.forEach(cluster -> figures.put(
                cluster, byCluster.getOrDefault(cluster, new long[3]).clone()));
        return figures;
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
        owners.values().forEach(owned -> {
            owned.forgotten = true;
            StoreHolds.unwatch(owned.data, owned);
        });
        owners.clear();
        users.clear();
        usage.clear();
        byCluster.clear();
    }
}
