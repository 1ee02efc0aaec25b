package org.shapeforge.codegen;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.Ops.Window;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.reference.Reference.Win;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The operations every emitter is exercised on — the golden projection cases codegen can build
 * today — each with its reference (the independent interpreter).
 */
public final class Catalogue {
    private Catalogue() {}

    public record Case(String name, Operation op, Function<Map<String, HostTensor>, HostTensor> reference) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static List<Case> all() {
        Window v3 = new Window(3, 1, 1, false), p3 = new Window(3, 1, 1, true);
        Win rv3 = new Win(3, 1, 1, false), rp3 = new Win(3, 1, 1, true);
        return List.of(
                new Case("matmul", Ops.matmul(37, 29, 41), in -> Reference.matmul(in.get("a"), in.get("b"))),
                new Case("batched_matmul", Ops.batchedMatmul(3, 17, 9, 20), in -> Reference.batchedMatmul(in.get("a"), in.get("b"))),
                new Case("broadcast_add", Ops.broadcast(BinOp.ADD, List.of(4, 1, 6), List.of(5, 1)),
                        in -> Reference.broadcast(Double::sum, in.get("a"), in.get("b"))),
                new Case("unary_relu", Ops.unary(UnOp.RELU, List.of(10, 33)), in -> Reference.unary(x -> Math.max(x, 0), in.get("a"))),
                new Case("reduce_sum", Ops.reduce(BinOp.ADD, List.of(20, 30), List.of(1)),
                        in -> Reference.reduce(Double::sum, 0, in.get("a"), List.of(1))),
                new Case("reduce_max_all", Ops.reduce(BinOp.MAX, List.of(4, 5, 6), List.of(0, 1, 2)),
                        in -> Reference.reduce(Math::max, Double.NEGATIVE_INFINITY, in.get("a"), List.of(0, 1, 2))),
                new Case("conv_valid", Ops.conv(2, 3, 4, List.of(8, 9), List.of(v3, v3)),
                        in -> Reference.conv(in.get("x"), in.get("w"), List.of(rv3, rv3))),
                new Case("conv_padded", Ops.conv(2, 3, 4, List.of(8, 9), List.of(p3, p3)),
                        in -> Reference.conv(in.get("x"), in.get("w"), List.of(rp3, rp3))),
                new Case("conv_strided_dilated",
                        Ops.conv(1, 2, 3, List.of(12, 11), List.of(new Window(3, 2, 2, true), new Window(3, 2, 1, false))),
                        in -> Reference.conv(in.get("x"), in.get("w"), List.of(new Win(3, 2, 2, true), new Win(3, 2, 1, false)))),
                new Case("max_pool_padded", Ops.maxPool(2, 3, List.of(8, 8), List.of(new Window(3, 2, 1, true), new Window(3, 2, 1, true))),
                        in -> Reference.maxPool(in.get("x"), List.of(new Win(3, 2, 1, true), new Win(3, 2, 1, true)))),
                new Case("concat3", Ops.concat(List.of(List.of(2, 3), List.of(2, 1), List.of(2, 4)), 1),
                        in -> Reference.concat(List.of(in.get("a0"), in.get("a1"), in.get("a2")), 1)));
    }
}
