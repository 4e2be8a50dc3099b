package io.quarry.mockserver.internal.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What recent secured-key candidates turned out to be (signed by which key, or by none), so a forged key costs one
 * search of the keys, not one HMAC per stored key on every request. Entries are found by the SHA-256 of the
 * candidate (so long candidates cost little room), hold at most {@value #CAPACITY} candidates (least recently
 * used dropped first), and are ignored once the keys changed.
 */
final class SecuredKeyCache {

    /** The most candidates remembered. */
    static final int CAPACITY = 10_000;

    /**
     * What a candidate was.
     *
     * @param keysVersion the keys' {@code changes()} when it was worked out
     * @param parentValue the key that signs it, or {@code null} for none
     * @param signedByAdmin whether the admin key signs it
     */
    record Verdict(long keysVersion, String parentValue, boolean signedByAdmin) {

        /** Never shows the parent key. */
        @Override
        public String toString() {
            return "Verdict[keysVersion=" + keysVersion + ", signed=" + (parentValue != null) + ", signedByAdmin="
                    + signedByAdmin + "]";
        }
    }

    private final Map<String, Verdict> verdicts = new LinkedHashMap<>(256, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Verdict> eldest) {
            return size() > CAPACITY;
        }
    };

    /** {@return the verdict on a candidate worked out while the keys were at {@code keysVersion}, or {@code null}} */
    synchronized Verdict find(String candidateDigest, long keysVersion) {
        Verdict verdict = verdicts.get(candidateDigest);
        return verdict != null && verdict.keysVersion() == keysVersion ? verdict : null;
    }

    synchronized void remember(String candidateDigest, Verdict verdict) {
        verdicts.put(candidateDigest, verdict);
    }

    synchronized int size() {
        return verdicts.size();
    }

    static String digest(String candidate) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(candidate.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
