package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/java-env.sh}, which the launcher sources on every command, picks the JDK from its
 * {@code release} file without starting a JVM (cold start, issue 30: {@code java -version} was a
 * second JVM start per command), and still asks {@code java -version} of a JDK without one.
 */
class JavaEnvTest {
    @TempDir
    Path dir;

    /** A fake JDK whose {@code java} and {@code javac} record each call in {@code calls} and print {@code version}. */
    Path jdk(String name, String release, String version) throws Exception {
        Path home = dir.resolve(name), bin = Files.createDirectories(home.resolve("bin"));
        for (String tool : new String[] {"java", "javac"}) {
            Path f = bin.resolve(tool);
            Files.writeString(f, "#!/bin/sh\necho " + tool + " >> " + dir.resolve("calls") + "\necho 'openjdk version \"" + version + "\"' >&2\n");
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        if (release != null) Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + release + "\"\n");
        return home;
    }

    String pickWith(Path home) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", ". ../scripts/java-env.sh && echo \"$JAVA_HOME\"").redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", home.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void aJdkWithAReleaseFileIsChosenWithoutRunningIt() throws Exception {
        Path home = jdk("jdk25", "25.0.3", "25.0.3");
        assertEquals(home.toString(), pickWith(home));
        assertFalse(Files.exists(dir.resolve("calls")), () -> "ran: " + read(dir.resolve("calls")));
    }

    @Test
    void aJdkWithoutAReleaseFileIsAskedItsVersion() throws Exception {
        Path home = jdk("jdk26", null, "26");
        assertEquals(home.toString(), pickWith(home));
        assertTrue(read(dir.resolve("calls")).contains("java"));
    }

    @Test
    void anOlderJdkIsPassedOverByItsReleaseFile() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "25.0.3"); // its java would claim 25: the release file decides
        assertFalse(pickWith(home).equals(home.toString()));
        assertFalse(Files.exists(dir.resolve("calls")));
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
