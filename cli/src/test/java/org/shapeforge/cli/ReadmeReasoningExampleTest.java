package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Reasoning about dynamic dims (library)" block, compiled and run exactly as
 * written: read from README.md (imports above, statements below), wrapped in a {@code main},
 * compiled against this module's test classpath and run in a JVM of its own from the repository
 * root (the block names the model by its path there). It must print the pooled size and the three
 * verdicts the block's comments state, the middle one decided by Z3 as a fallback.
 */
class ReadmeReasoningExampleTest {
    static final String HEADING = "### Reasoning about dynamic dims (library)";

    @TempDir
    Path dir;

    /** The first {@code ```java} block after the heading. */
    static String block(String readme) {
        int h = readme.indexOf(HEADING);
        assertTrue(h >= 0, "README has no '" + HEADING + "'");
        int start = readme.indexOf("```java\n", h) + "```java\n".length();
        return readme.substring(start, readme.indexOf("```", start));
    }

    @Test
    void readmeExampleCompilesRunsAndPrintsTheVerdicts() throws Exception {
        Path repo = Path.of("").toAbsolutePath();
        while (repo != null && !Files.exists(repo.resolve("README.md"))) repo = repo.getParent();
        assertTrue(repo != null, "README.md not found above " + Path.of("").toAbsolutePath());
        String code = block(Files.readString(repo.resolve("README.md")));
        List<String> imports = new ArrayList<>(), body = new ArrayList<>();
        for (String line : code.lines().toList()) (line.startsWith("import ") ? imports : body).add(line);
        Path src = dir.resolve("ReadmeReasoning.java");
        Files.writeString(src, String.join("\n", imports) + "\npublic class ReadmeReasoning {\n"
                + "    public static void main(String[] args) throws Exception {\n" + String.join("\n", body) + "\n    }\n}\n");
        String cp = System.getProperty("java.class.path");
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp", cp, "-d", dir.toString(), src.toString());
        assertEquals(0, rc, "the README block does not compile:\n" + Files.readString(src));
        Path out = dir.resolve("out.txt"), err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", dir + File.pathSeparator + cp, "ReadmeReasoning")
                .directory(repo.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the README block did not finish in 2 minutes");
        String printed = Files.readString(out, StandardCharsets.UTF_8).strip();
        assertEquals(0, p.exitValue(), printed + "\n" + Files.readString(err, StandardCharsets.UTF_8));
        String prefix = "(height + 3) // 4: TRUE; if height % 8 == 0: TRUE (z3, fallback); else UNKNOWN, fails at height = ";
        assertTrue(printed.startsWith(prefix), printed);
        long h = Long.parseLong(printed.substring(prefix.length()));
        assertTrue(h >= 1 && (h + 3) / 4 * 4 != h, "the counterexample " + h + " is a height where 4·((h + 3) // 4) ≠ h");
    }
}
