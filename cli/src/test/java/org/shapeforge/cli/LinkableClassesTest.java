package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@link LinkableClasses} on picocli's own jar: every class comes out at version 52 with nothing left
 * behind, and a JVM that loads them first (the launcher's class path with the AOT cache) verifies
 * them with the split verifier — no fallback at version 52, so a wrong stack map fails to link —
 * and answers as the shipped classes do.
 */
class LinkableClassesTest {
    @TempDir
    Path dir;

    static Path picocliJar() throws Exception {
        return Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    static TreeSet<String> classes(Path jar, boolean old) throws Exception {
        TreeSet<String> out = new TreeSet<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(z.entries())) {
                if (!e.getName().endsWith(".class")) continue;
                byte[] head = z.getInputStream(e).readNBytes(8);
                int v = LinkableClasses.majorVersion(head);
                if (old ? v < LinkableClasses.FIRST_WITH_STACK_MAPS : v == LinkableClasses.VERSION) out.add(e.getName());
            }
        }
        return out;
    }

    @Test
    void picocliComesOutAtVersion52WithNothingLeft() throws Exception {
        Path in = picocliJar(), out = dir.resolve("linkable.jar");
        TreeSet<String> old = classes(in, true);
        assertTrue(old.size() > 100, "picocli ships Java 5 classes: " + old.size());
        LinkableClasses.Result r = LinkableClasses.write(in, out);
        assertEquals(List.of(), r.skipped());
        assertEquals(old.size(), r.written());
        assertEquals(old, classes(out, false));
        assertTrue(Files.notExists(dir.resolve("linkable.jar.tmp")));
    }

    @Test
    void aJvmLoadingThemFirstVerifiesThemAndAnswersAlike() throws Exception {
        Path out = dir.resolve("linkable.jar"), log = dir.resolve("load.txt");
        LinkableClasses.write(picocliJar(), out);
        List<Path> cp = JvmRun.classPath();
        List<Path> first = new ArrayList<>(List.of(out));
        first.addAll(cp);
        for (String[] args : List.of(new String[] {"infer", "../examples/mlp.shp"}, new String[] {"--help"},
                new String[] {"infer", "--no-such-option"})) {
            JvmRun shipped = JvmRun.main(List.of(), cp, args);
            JvmRun linkable = JvmRun.main(List.of("-Xlog:class+load=info:file=" + log), first, args);
            assertEquals(shipped, linkable, String.join(" ", args));
            assertTrue(Files.readString(log).contains("picocli.CommandLine source: file:" + out), "picocli came from " + out);
        }
    }
}
