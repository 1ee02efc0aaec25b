package org.shapeforge.codegen.run;

import org.shapeforge.codegen.c.CEmitter;

/**
 * The runtime library's C source ({@link CCompiler#runtime}): the kernels' prologue (the
 * micro-kernels, the {@code sf_gemm} arguments) followed by {@code gemm.c}, {@code sf_gemm_tables}
 * — the GEMM over offset tables that every contraction kernel of {@code CMergedGemm}'s form calls.
 * One compiled copy serves every kernel and every model: a kernel carries only its offset tables
 * and its epilogue, so gcc compiles a convolution's kernel in a fraction of the time it took with
 * the blocked loops inlined (docs/performance.md, "Time to first answer").
 */
public final class RuntimeSource {
    private RuntimeSource() {}

    private static final String TEXT = CEmitter.prologue() + CEmitter.prologueResource("gemm.c");

    /** The source. */
    public static String text() {
        return TEXT;
    }
}
