package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's choice of JVM command (cold start, issue 30), in a scratch repository whose
 * {@code java} is a stub printing its arguments (as {@link LauncherSymlinkTest}): with an AOT cache
 * and a {@link LinkableClasses} jar both newer than the CLI jar, it runs {@link Main} on the class path
 * the cache was made with ({@link AotTraining#classPath}); otherwise, or with {@code SHAPEFORGE_AOT=0},
 * plain {@code -jar}. And its JVM options are {@link ColdBench#JVM}, with which the cache is made.
 */
class LauncherCacheTest {
    @TempDir
    Path tmp;

    Path root, jar, cache, linkable;

    void repo() throws Exception {
        root = Files.createDirectories(tmp.resolve("repo"));
        Path launcher = root.resolve("shapeforge");
        Files.copy(Path.of("..", "shapeforge"), launcher, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path java = Files.createDirectories(tmp.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"$*\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(root.resolve("scripts"));
        Files.writeString(root.resolve("scripts/java-env.sh"), "export JAVA_HOME='" + tmp.resolve("jdk") + "'\n");
        Path target = Files.createDirectories(root.resolve("cli/target"));
        jar = target.resolve("shapeforge.jar");
        cache = target.resolve("shapeforge.aot");
        linkable = LinkableClasses.path(jar);
        for (Path p : List.of(jar, cache, linkable)) Files.writeString(p, "");
        jar = jar.toRealPath();
        cache = cache.toRealPath();
        linkable = linkable.toRealPath();
    }

    void age(Path p, long seconds) throws Exception {
        Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() - seconds * 1000));
    }

    String launch(boolean aot) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("shapeforge").toString(), "infer", "x.shp").redirectErrorStream(true);
        if (!aot) pb.environment().put("SHAPEFORGE_AOT", "0");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    String expected(boolean cached) {
        List<String> c = new ArrayList<>(ColdBench.JVM);
        if (cached) c.addAll(List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off", "-cp", AotTraining.classPath(jar),
                Main.class.getName()));
        else c.addAll(List.of("-jar", jar.toString()));
        c.addAll(List.of("infer", "x.shp"));
        return String.join(" ", c);
    }

    @Test
    void aFreshCacheAndLinkableJarRunMainOnTheTrainedClassPath() throws Exception {
        repo();
        age(jar, 60);
        assertEquals(expected(true), launch(true));
        assertEquals(expected(false), launch(false));
    }

    @Test
    void aStaleLinkableJarOrCacheIsNotUsed() throws Exception {
        repo();
        age(jar, 60);
        age(linkable, 120);
        assertEquals(expected(false), launch(true));
        age(linkable, 0);
        age(cache, 120);
        assertEquals(expected(false), launch(true));
        Files.delete(linkable);
        age(cache, 0);
        assertEquals(expected(false), launch(true));
    }
}
