package org.shapeforge.cli;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Hostile protobuf bytes for {@link HostileCases}: a model cut short, bits flipped, garbage,
 * a length prefix claiming gigabytes, or subgraphs nested far past protobuf's recursion limit.
 */
final class ProtoBytes {
    private ProtoBytes() {}

    static byte[] mutate(byte[] model, Random rng, List<String> what) {
        return switch (rng.nextInt(5)) {
            case 0 -> {
                int cut = rng.nextInt(model.length);
                what.add("cut at " + cut + " of " + model.length + " bytes");
                yield Arrays.copyOf(model, cut);
            }
            case 1 -> {
                byte[] b = model.clone();
                int n = 1 + rng.nextInt(20);
                for (int k = 0; k < n; k++) b[rng.nextInt(b.length)] ^= (byte) (1 << rng.nextInt(8));
                what.add(n + " bits flipped");
                yield b;
            }
            case 2 -> {
                byte[] b = new byte[rng.nextInt(4096)];
                rng.nextBytes(b);
                what.add(b.length + " random bytes");
                yield b;
            }
            case 3 -> {
                // field 7 (graph), length-delimited, claiming 2^32 − 1 bytes, then the real model
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes(new byte[] {0x3a, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f});
                out.writeBytes(model);
                what.add("a graph field claiming 4 GiB");
                yield out.toByteArray();
            }
            default -> {
                int depth = new int[] {50, 150, 3_000}[rng.nextInt(3)];
                what.add("If subgraphs nested " + depth + " deep");
                yield nestedIf(depth);
            }
        };
    }

    /** A model whose graph holds an If whose then_branch holds an If … {@code depth} deep, written as bytes from the inside out. */
    static byte[] nestedIf(int depth) {
        byte[] graph = field(2, "g".getBytes()); // GraphProto.name
        for (int d = 0; d < depth; d++) {
            byte[] attr = concat(field(1, "then_branch".getBytes()), varintField(20, 5), field(6, graph)); // name, type GRAPH, g
            byte[] node = concat(field(1, "c".getBytes()), field(2, "y".getBytes()), field(4, "If".getBytes()), field(5, attr));
            graph = concat(field(1, node), field(2, "g".getBytes()));
        }
        return concat(varintField(1, 8), field(7, graph), field(8, varintFieldBytes(2, 13)));
    }

    private static byte[] field(int number, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        varint(out, (long) number << 3 | 2);
        varint(out, payload.length);
        out.writeBytes(payload);
        return out.toByteArray();
    }

    private static byte[] varintField(int number, long v) {
        return varintFieldBytes(number, v);
    }

    private static byte[] varintFieldBytes(int number, long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        varint(out, (long) number << 3);
        varint(out, v);
        return out.toByteArray();
    }

    private static void varint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7fL) != 0) {
            out.write((int) (v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
