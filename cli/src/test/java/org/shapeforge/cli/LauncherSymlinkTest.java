package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13 item 5: the {@code ./shapeforge} launcher works when reached through symlinks (a link
 * on {@code PATH}, relative or absolute, or a chain of links), from any working directory. The
 * real launcher is copied into a scratch repository whose {@code scripts/java-env.sh} selects a
 * stub {@code java} that prints its arguments, and whose jar is fresh (no sources), so no build
 * and no JVM start is involved: what is tested is the launcher's own path resolution.
 */
class LauncherSymlinkTest {
    @Test
    void theLauncherFindsItsRepositoryThroughLinks(@TempDir Path tmp) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("repo"));
        Path launcher = root.resolve("shapeforge");
        Files.copy(Path.of("..", "shapeforge"), launcher, StandardCopyOption.REPLACE_EXISTING);
        executable(launcher);
        Path jdk = Files.createDirectories(tmp.resolve("jdk/bin"));
        Path java = jdk.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"launched $*\"\n");
        executable(java);
        Files.createDirectories(root.resolve("scripts"));
        Files.writeString(root.resolve("scripts/java-env.sh"), "export JAVA_HOME='" + tmp.resolve("jdk") + "'\n");
        Files.createDirectories(root.resolve("cli/target"));
        Files.writeString(root.resolve("cli/target/shapeforge.jar"), "");

        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path relative = Files.createSymbolicLink(bin.resolve("sf"), Path.of("../repo/shapeforge"));
        Path other = Files.createDirectories(tmp.resolve("elsewhere/bin"));
        Path chained = Files.createSymbolicLink(other.resolve("sf2"), relative.toAbsolutePath());

        String jar = root.toRealPath().resolve("cli/target/shapeforge.jar").toString();
        for (Path link : new Path[] {launcher, relative, chained}) {
            Process p = new ProcessBuilder(link.toAbsolutePath().toString(), "--version")
                    .directory(tmp.resolve("elsewhere").toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), link + ": " + out);
            assertTrue(out.startsWith("launched ") && out.strip().endsWith("-jar " + jar + " --version"), link + ": " + out);
        }
    }

    private static void executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
