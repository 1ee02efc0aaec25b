package org.shapeforge.codegen.emit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.cuda.CudaEmitter;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/** Identifiers never carry user strings unescaped. */
class NameSupplyTest {
    private static final List<String> HOSTILE = List.of("int", "a b", "x;system(\"rm -rf /\");", "__x", "", "ä", "t_a", "t_a",
            "*/ #include <stdio.h> /*", "9lives", "sf_alloc", "for");

    @Test
    void identifiersAreSafeDistinctAndFreeOfDoubleUnderscores() {
        NameSupply ns = new NameSupply();
        Set<String> seen = new HashSet<>();
        for (String h : HOSTILE) {
            String id = ns.fresh('t', h);
            assertTrue(id.matches("t_[A-Za-z0-9]+(_[A-Za-z0-9]+)*"), id);
            assertFalse(id.contains("__"), id);
            assertTrue(seen.add(id), "repeated " + id);
        }
    }

    @Test
    void hostileTensorAndIteratorNamesCompileAndRun() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        String in = "*/ int main; /*", out = "for", it = "x;system(\"id\")";
        ProductSpace s = new ProductSpace(List.of(new Factor.Single(new LoopVar(it, 3))));
        Operation op = new Operation("op\n#error", List.of(TensorDecl.of(in, List.of(3)), TensorDecl.of(out, List.of(3))), s,
                new Access(out, List.of(Index.iter(it))), Expr.read(in, Index.iter(it)), Update.assign());
        for (String src : List.of(new CEmitter(op).source(), new CudaEmitter(op).source())) {
            String body = src.substring(src.indexOf("operation") + 1);
            assertFalse(body.contains("system(") || body.contains("#error") || body.contains("main;"), body);
        }
        HostTensor r = CKernel.compile(op, CCompiler.system()).run(Map.of(in, new HostTensor(List.of(3), new double[] {1, 2, 3})), 0);
        assertArrayEquals(new double[] {1, 2, 3}, r.data());
        assertEquals(3, r.data().length);
    }
}
