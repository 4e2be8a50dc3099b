package io.quarry.mockserver.internal.state;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The links between a primary and its replicas. A link holds when both sides say so: the primary's {@code replicas}
 * setting names the replica, and the replica's {@code primary} setting names the primary. A linked replica holds
 * its primary's very store of records; {@link #reconcile} keeps that true after every write, and unlinks a replica
 * whose primary no longer names it or is being deleted.
 */
public final class ReplicaLinks {

    private static final String VIRTUAL = "virtual(";

    private ReplicaLinks() {}

    /**
     * {@return the replica name an entry of a {@code replicas} setting names: {@code virtual(name)} unwrapped}
     *
     * @param entry an entry as written
     */
    public static String nameOf(String entry) {
        if (entry.startsWith(VIRTUAL) && entry.endsWith(")")) {
            return entry.substring(VIRTUAL.length(), entry.length() - 1);
        }
        return entry;
    }

    /**
     * {@return the replica names a {@code replicas} setting holds, {@code virtual(...)} unwrapped}
     *
     * @param setting the setting's value, or {@code null}
     */
    public static Set<String> named(JsonNode setting) {
        Set<String> names = new LinkedHashSet<>();
        if (setting != null && setting.isArray()) {
            for (JsonNode replica : setting) {
                if (replica.isString() && !nameOf(replica.stringValue()).isEmpty()) {
                    names.add(nameOf(replica.stringValue()));
                }
            }
        }
        return names;
    }

    /**
     * Brings the locked indices' records in line with their links: a linked replica shares its primary's records;
     * one whose primary is being deleted, no longer names it, or does not exist is unlinked and keeps a copy.
     *
     * @param locked the indices whose locks are held, by name
     * @param app the application, to tell a primary that does not exist from one not locked
     */
    static void reconcile(Map<String, IndexState> locked, Application app) {
        for (IndexState replica : locked.values()) {
            String primaryName = replica.primaryName();
            if (primaryName == null) {
                continue;
            }
            IndexState primary = locked.get(primaryName);
            if (primary == null) {
                if (app.find(primaryName) == null) {
                    replica.unlinkFromPrimary();
                }
            } else if (linked(primary, replica)) {
                replica.shareRecordsOf(primary);
            } else {
                replica.unlinkFromPrimary();
            }
        }
    }

    private static boolean linked(IndexState primary, IndexState replica) {
        return primary != replica
                && !primary.removalRequested()
                && primary.primaryName() == null
                && replica.replicaNames().isEmpty()
                && primary.replicaNames().contains(replica.name());
    }
}
