package org.shapeforge.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * The README's "Running a program end to end (library)" block, compiled and run exactly as
 * written: the block is read from README.md (imports above, statements below), wrapped in a
 * {@code main}, compiled against this module's test classpath and run from the repository root
 * (surefire's working directory here). It must print the shapes, operations and verdict that
 * {@code ./shapeforge run examples/mlp.shp} reports.
 */
class ReadmePipelineExampleTest {
    static final String HEADING = "### Running a program end to end (library)";

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
    void readmeExampleCompilesRunsAndPasses() throws Exception {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        String code = block(Files.readString(Path.of("README.md")));
        List<String> imports = new ArrayList<>(), body = new ArrayList<>();
        for (String line : code.lines().toList()) (line.startsWith("import ") ? imports : body).add(line);
        Path src = dir.resolve("ReadmeExample.java");
        Files.writeString(src, String.join("\n", imports) + "\npublic class ReadmeExample {\n"
                + "    public static void main(String[] args) throws Exception {\n" + String.join("\n", body) + "\n    }\n}\n");
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "-cp", System.getProperty("java.class.path"), "-d", dir.toString(), src.toString());
        assertEquals(0, rc, "the README block does not compile:\n" + Files.readString(src));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream old = System.out;
        try (URLClassLoader cl = new URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            cl.loadClass("ReadmeExample").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(old);
        }
        assertEquals("7 tensors, 5 operations, passed\n", buf.toString(StandardCharsets.UTF_8));
    }
}
