package org.shapeforge.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * Paths that are not ordinary small files, where a command reads one, for {@link HostileCases}:
 * {@code /dev/zero}, a FIFO fed forever or fed a program and closed, a sparse file past the
 * 64 MiB input bound, a folder, a missing file, an empty one — as the program, or as run's
 * {@code --inputs}.
 */
final class SpecialFiles {
    private SpecialFiles() {}

    static final String[] COMMANDS = {"solve", "smt", "check", "infer", "run", "import"};

    static List<String> make(int i, Path dir, Random rng, List<String> what) throws IOException {
        String cmd = COMMANDS[rng.nextInt(COMMANDS.length)];
        String ext = switch (cmd) {
            case "infer", "run" -> ".shp";
            case "import" -> ".onnx";
            default -> ".shc";
        };
        Path p = switch (rng.nextInt(8)) {
            case 0 -> Path.of("/dev/zero");
            case 1 -> fifo(dir.resolve("c" + i + "-endless" + ext), null, what);
            case 2 -> fifo(dir.resolve("c" + i + "-fed" + ext), ext.equals(".shp") ? "x = data(o=[2])\ny = relu(x)\n" : "<x> ~ [a]\n", what);
            case 3 -> {
                Path f = dir.resolve("c" + i + "-sparse" + ext);
                try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                    raf.setLength(65L << 20);
                }
                yield f;
            }
            case 4 -> Files.createDirectories(dir.resolve("c" + i + "-folder" + ext));
            case 5 -> dir.resolve("c" + i + "-missing" + ext);
            case 6 -> Files.write(dir.resolve("c" + i + "-empty" + ext), new byte[0]);
            default -> {
                // run's --inputs is the special path; the program is fine
                Path prog = HostileCases.write(dir, i, ".shp", "x = data(o=[2])\ny = relu(x)\n");
                what.add("run --inputs /dev/zero");
                yield prog;
            }
        };
        if (!p.toString().startsWith(dir.toString()) || what.isEmpty()) what.add(p.getFileName().toString());
        if (what.contains("run --inputs /dev/zero")) return List.of("run", p.toString(), "--inputs", "/dev/zero", "--json");
        return List.of(cmd, p.toString(), "--json", "--timeout-ms", "1000");
    }

    /**
     * A FIFO with a daemon writer: {@code text} then closed, or zeros until the reader goes away.
     * A command that never opens it leaves the writer blocked, a daemon thread that dies with the JVM.
     */
    private static Path fifo(Path f, String text, List<String> what) throws IOException {
        try {
            Process mk = new ProcessBuilder("mkfifo", f.toString()).start();
            if (mk.waitFor() != 0) throw new IOException("mkfifo " + f + " failed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        what.add(text == null ? "a FIFO fed zeros forever" : "a FIFO fed a program, then closed");
        Thread w = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(f)) {
                if (text != null) out.write(text.getBytes(StandardCharsets.UTF_8));
                else for (byte[] zeros = new byte[1 << 16]; ; ) out.write(zeros);
            } catch (IOException e) {
                // the reader stopped reading: what an endless file is for
            }
        }, "fifo-writer-" + f.getFileName());
        w.setDaemon(true);
        w.start();
        return f;
    }
}
