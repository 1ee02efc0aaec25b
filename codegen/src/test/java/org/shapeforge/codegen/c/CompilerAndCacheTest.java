package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;

/** A missing or failing compiler is a clear {@link CodegenException}; kernels are cached by a hash of their source. */
class CompilerAndCacheTest {
    @TempDir
    Path dir;

    @Test
    void missingCompilerIsAClearError() {
        var e = assertThrows(CodegenException.class, () -> new CCompiler("/nonexistent/shapeforge-no-cc", dir).compile("int x;"));
        assertTrue(e.getMessage().contains("cannot run the C compiler") && e.getMessage().contains("install gcc"), e.getMessage());
    }

    @Test
    void failingCompilationShowsTheDiagnostic() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        var e = assertThrows(CodegenException.class, () -> new CCompiler("gcc", dir).compile("void f(void) { this is not C; }\n"));
        assertTrue(e.getMessage().contains("gcc failed") && e.getMessage().contains("error"), e.getMessage());
    }

    @Test
    void sameSourceIsCompiledOnce() throws Exception {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        CCompiler cc = new CCompiler("gcc", dir);
        Path lib = cc.compile("int sf_answer(void) { return 42; }\n");
        FileTime t = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(lib, t);
        assertEquals(lib, cc.compile("int sf_answer(void) { return 42; }\n"));
        assertEquals(t, Files.getLastModifiedTime(lib), "a cached library must not be rebuilt");
        Path other = cc.compile("int sf_answer(void) { return 43; }\n");
        assertTrue(!other.equals(lib), "a different source gets a different library");
    }
}
