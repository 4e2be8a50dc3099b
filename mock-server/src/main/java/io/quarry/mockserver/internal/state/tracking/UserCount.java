package io.quarry.mockserver.internal.state.tracking;

import java.util.Arrays;

/**
 * Distinct users, each a 64-bit hash of its user token or IP address: counted exactly up to
 * {@value #EXACT_LIMIT} users, then estimated with a HyperLogLog sketch of {@value #REGISTERS} registers (4 KB,
 * about 1.6% standard error), so a slice with many users costs a fixed amount of memory. Counts merge: the
 * union of exact sets stays exact, any sketch makes it an estimate.
 */
public final class UserCount extends Ledger {

    /** The most users counted exactly. */
    public static final int EXACT_LIMIT = 4096;

    static final int REGISTER_BITS = 12;
    static final int REGISTERS = 1 << REGISTER_BITS;

    /** The exact set: open addressing, 0 meaning empty; {@code null} once a sketch. */
    private long[] table = new long[8];

    private int size;
    private byte[] registers;

    /** The estimated bytes of an empty count. */
    static final long EMPTY_BYTES = 96;

    /** An empty count, for reads to merge counts into. */
    public UserCount() {}

    /**
     * @param hash a user's hash ({@link #hash})
     */
    void add(long hash) {
        long h = hash == 0 ? 1 : hash;
        if (registers != null) {
            addToSketch(h);
            return;
        }
        if (insert(table, h)) {
            size++;
            if (size > EXACT_LIMIT) {
                toSketch();
            } else if (size * 2 > table.length) {
                grow();
            }
        }
    }

    /**
     * Adds another count's users to this one.
     *
     * @param other the other count
     */
    public void addAll(UserCount other) {
        if (other.registers != null) {
            if (registers == null) {
                toSketch();
            }
            for (int i = 0; i < REGISTERS; i++) {
                registers[i] = (byte) Math.max(registers[i], other.registers[i]);
            }
            return;
        }
        for (long h : other.table) {
            if (h != 0) {
                add(h);
            }
        }
    }

    /** {@return how many distinct users: exact up to {@value #EXACT_LIMIT}, an estimate beyond} */
    public long count() {
        if (registers == null) {
            return size;
        }
        double sum = 0;
        int zeros = 0;
        for (byte register : registers) {
            sum += Math.scalb(1.0, -register);
            if (register == 0) {
                zeros++;
            }
        }
        double m = REGISTERS;
        double estimate = 0.7213 / (1 + 1.079 / m) * m * m / sum;
        if (estimate <= 2.5 * m && zeros > 0) {
            estimate = m * Math.log(m / zeros);
        }
        return Math.round(estimate);
    }

    /**
     * {@return a well-mixed 64-bit hash of a user}
     *
     * @param user a user token or an IP address
     */
    static long hash(String user) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < user.length(); i++) {
            h ^= user.charAt(i);
            h *= 0x100000001b3L;
        }
        // the finaliser of MurmurHash3: every input bit reaches every output bit
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    private static boolean insert(long[] table, long h) {
        int mask = table.length - 1;
        for (int i = (int) (h ^ (h >>> 32)) & mask; ; i = (i + 1) & mask) {
            if (table[i] == h) {
                return false;
            }
            if (table[i] == 0) {
                table[i] = h;
                return true;
            }
        }
    }

    private void grow() {
        long[] larger = new long[table.length * 2];
        for (long h : table) {
            if (h != 0) {
                insert(larger, h);
            }
        }
        charge(8L * (larger.length - table.length));
        table = larger;
    }

    private void toSketch() {
        registers = new byte[REGISTERS];
        long[] exact = table;
        charge(REGISTERS - 8L * exact.length);
        table = null;
        size = 0;
        for (long h : exact) {
            if (h != 0) {
                addToSketch(h);
            }
        }
        Arrays.fill(exact, 0);
    }

    private void addToSketch(long h) {
        int index = (int) (h >>> (64 - REGISTER_BITS));
        int rank = Math.min(Long.numberOfLeadingZeros(h << REGISTER_BITS), 64 - REGISTER_BITS) + 1;
        if (rank > registers[index]) {
            registers[index] = (byte) rank;
        }
    }
}
