package io.quarry.mockserver.container;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Counts the symbol tables ({@code SHT_SYMTAB} sections) of a 64-bit little-endian ELF file, as readelf lists them. */
final class ElfSymbolTables {

    private static final int SHT_SYMTAB = 2;

    private ElfSymbolTables() {}

    /**
     * {@return how many sections of the file are symbol tables; its dynamic symbols ({@code .dynsym}) are not one}
     *
     * @param file a shared library or an executable of x86-64 or AArch64
     */
    static int count(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            ByteBuffer header = read(channel, 0, 64);
            if (header.getInt(0) != 0x464c457f || header.get(4) != 2 || header.get(5) != 1) {
                throw new IllegalArgumentException(file + " is no 64-bit little-endian ELF file");
            }
            long sectionsAt = header.getLong(0x28);
            int entrySize = Short.toUnsignedInt(header.getShort(0x3A));
            int sections = Short.toUnsignedInt(header.getShort(0x3C));
            ByteBuffer table = read(channel, sectionsAt, entrySize * sections);
            int symbolTables = 0;
            for (int i = 0; i < sections; i++) {
                if (table.getInt(i * entrySize + 4) == SHT_SYMTAB) {
                    symbolTables++;
                }
            }
            return symbolTables;
        }
    }

    private static ByteBuffer read(FileChannel channel, long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, at + buffer.position()) < 0) {
                throw new IOException("the file ends within its ELF headers");
            }
        }
        return buffer.flip();
    }
}
