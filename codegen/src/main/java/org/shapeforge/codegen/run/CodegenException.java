package org.shapeforge.codegen.run;

/**
 * A failure a user can act on — no compiler, a compiler that rejects the code, no OpenBLAS — with
 * a message that says what happened and what to do. The CLI prints {@link #getMessage()} (exit 2),
 * never a stack trace.
 */
public final class CodegenException extends RuntimeException {
    public CodegenException(String message) {
        super(message);
    }

    public CodegenException(String message, Throwable cause) {
        super(message, cause);
    }
}
