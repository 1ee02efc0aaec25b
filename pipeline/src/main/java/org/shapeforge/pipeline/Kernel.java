package org.shapeforge.pipeline;

import org.shapeforge.codegen.program.ProgramRun;
import org.shapeforge.codegen.symbolic.KernelChoice;

/**
 * One operation's generated kernel ({@link Pipeline#emit}): the choice (symbolic over the dynamic
 * dims, or specialised with the reason), its source, and the note {@code run} and
 * {@code infer --emit} print for it.
 *
 * @param operation the operation's label (program order, distinct)
 */
public record Kernel(String operation, KernelChoice choice, String source, ProgramRun.KernelUse use) {
    /** The target language of {@link Pipeline#emit}. */
    public enum Target {
        C(".c"),
        CUDA(".cu");

        /** The file extension of a kernel's source. */
        public final String extension;

        Target(String extension) {
            this.extension = extension;
        }
    }
}
