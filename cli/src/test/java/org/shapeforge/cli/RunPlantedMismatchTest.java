package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.program.ProgramReference;
import org.shapeforge.codegen.program.RunSides;
import org.shapeforge.codegen.run.HostTensor;
import picocli.CommandLine;

/**
 * Issue 27: {@code run PROGRAM.shp} can fail. Through the CLI entry point, with the test seam
 * {@link RunSides} planted in the {@code run} command: a wrong kernel (one operation's loop IR
 * altered before it is compiled) and a wrong reference (one operation's reference value off by
 * 1e-3 of its scale) each make {@code run} exit 1 naming that operation — and only that one: every
 * kernel reads the reference's inputs, so an error is not fed into the operations after it.
 */
class RunPlantedMismatchTest {
    private static final String PROGRAM = "../examples/mlp.shp";

    private static InferCommandTest.Run run(RunSides sides, String... args) {
        CommandLine cl = Main.commandLine();
        ((RunCommand) cl.getSubcommands().get("run").getCommand()).sides = sides;
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            return new InferCommandTest.Run(cl.execute(args), buf.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(old);
        }
    }

    private static List<String> labels() throws Exception {
        InferCommandTest.Run r = run(RunSides.REAL, "run", PROGRAM, "--json");
        assertEquals(0, r.code(), "the unplanted run passes: " + r.out());
        List<String> out = new ArrayList<>();
        for (JsonNode o : InferCommandTest.json(r.out()).get("operations")) out.add(o.get("operation").asText());
        assertTrue(out.size() >= 3, out.toString());
        return out;
    }

    /** Exit 1; in the JSON exactly {@code planted} fails; the text names it on a FAIL line. */
    private static void failsNaming(RunSides sides, String planted) throws Exception {
        InferCommandTest.Run r = run(sides, "run", PROGRAM, "--json");
        assertEquals(1, r.code(), r.out());
        List<String> failed = new ArrayList<>();
        for (JsonNode o : InferCommandTest.json(r.out()).get("operations"))
            if (!o.get("passed").asBoolean()) failed.add(o.get("operation").asText());
        assertEquals(List.of(planted), failed, r.out());
        InferCommandTest.Run text = run(sides, "run", PROGRAM);
        assertEquals(1, text.code(), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith(planted + " ") && l.endsWith("FAIL")), text.out());
        assertTrue(text.out().contains("FAILED: "), text.out());
    }

    @Test
    void aPlantedWrongKernelMakesRunFailNamingItsOperation() throws Exception {
        RunCommandTest.needsGcc();
        String planted = labels().get(1);
        RunSides wrongKernel = new RunSides((label, ir) -> !label.equals(planted) ? ir : new Operation(ir.name(), ir.tensors(),
                ir.space(), ir.lhs(), new Expr.Binary(BinOp.ADD, ir.rhs(), new Expr.Const(0.25)), ir.update()),
                RunSides.REAL.reference());
        failsNaming(wrongKernel, planted);
    }

    @Test
    void aPlantedWrongReferenceMakesRunFailNamingItsOperation() throws Exception {
        RunCommandTest.needsGcc();
        String planted = labels().get(1);
        RunSides wrongReference = new RunSides(RunSides.REAL.kernel(), (op, p, in, before) -> {
            HostTensor ref = ProgramReference.run(op, p, in, before);
            if (!op.label().equals(planted)) return ref;
            double[] d = ref.data().clone();
            d[d.length / 2] += 1e-3 * Math.max(1, ref.maxAbs());
            return new HostTensor(ref.dims(), d);
        });
        failsNaming(wrongReference, planted);
    }
}
