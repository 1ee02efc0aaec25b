package org.shapeforge.codegen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

/** Loading a kernel library puts {@code OMP_WAIT_POLICY=passive} into the C environment unless the user set it. */
class OpenMpWaitPolicyTest {
    @Test
    void aLoadedKernelSeesThePassivePolicyOrTheUsersOwn() throws Throwable {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        NativeLibrary.load(CCompiler.system().compile("void sf_noop(float **a) { (void)a; }\n"));
        Linker l = Linker.nativeLinker();
        MethodHandle getenv = l.downcallHandle(l.defaultLookup().find("getenv").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = (MemorySegment) getenv.invokeExact(arena.allocateFrom("OMP_WAIT_POLICY"));
            String user = System.getenv("OMP_WAIT_POLICY");
            assertEquals(user == null ? "passive" : user, v.reinterpret(64).getString(0));
        }
    }
}
