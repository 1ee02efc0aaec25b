package org.shapeforge.codegen.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.symbolic.KernelChoice;
import org.shapeforge.codegen.symbolic.SymbolicKernel;
import org.shapeforge.codegen.symbolic.SymbolicSizes;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.Projections;

/**
 * {@code shapeforge run}: every operation of a program, lowered ({@link ProgramLowering}),
 * compiled to C and run, beside {@link ProgramReference} on the same inputs. Tensors that no
 * operation defines (data, params, scalars) get seeded uniform values in [−1, 1) unless given.
 * Each operation runs on the reference's values of the tensors it reads, so one operation's
 * error is not fed into the next (both sides read them rounded to float, as the kernel stores them); its C result is compared with the reference's (max absolute
 * and normwise relative error, {@link Errors}). Every operation is lowered before anything runs,
 * so an unsupported one stops the run before any number is printed; before that, {@link RunBudget}
 * checks that the run's tensors fit in memory.
 */
public final class ProgramRun {
    private ProgramRun() {}

    /** One operation's comparison. */
    public record Result(String operation, String tensor, String origin, List<Integer> dims, double maxAbs, double maxRel,
            boolean passed) {}

    /**
     * How one operation's kernel was built: with the dynamic dims as parameters ({@code symbolic},
     * {@code note} lists them), or specialised at the run's sizes ({@code note}: why; for a program
     * without dynamic dims, "static").
     */
    public record KernelUse(String operation, boolean symbolic, String note) {}

    public record Report(long seed, double tolerance, List<String> generatedInputs, List<Result> results, List<KernelUse> kernels) {
        public Report {
            generatedInputs = List.copyOf(generatedInputs);
            results = List.copyOf(results);
            kernels = List.copyOf(kernels);
        }

        public boolean passed() {
            return results.stream().allMatch(Result::passed);
        }
    }

    public static final double TOLERANCE = 1e-5;

    /** The loop IR of every operation, in program order (unsupported operations throw first). */
    public static Map<String, Operation> lower(List<org.shapeforge.project.Operation> ops, ProgramProjections pp) {
        Map<String, Operation> out = new LinkedHashMap<>();
        for (org.shapeforge.project.Operation op : ops)
            out.put(op.label(), ProgramLowering.lower(op, pp.operations().get(op.label()), pp));
        return out;
    }

    public static Report run(List<org.shapeforge.project.Operation> ops, ProgramProjections pp, Map<String, HostTensor> given,
            long seed, CCompiler cc) {
        return run(ops, pp, given, seed, cc, (i, op) -> {});
    }

    /** Told before each operation runs: its position (0-based) and the operation (a progress line, {@code run} on a terminal). */
    @FunctionalInterface
    public interface Progress {
        void starting(int index, org.shapeforge.project.Operation op);
    }

    /** {@link #run(List, ProgramProjections, Map, long, CCompiler)}, telling {@code progress} before each operation. */
    public static Report run(List<org.shapeforge.project.Operation> ops, ProgramProjections pp, Map<String, HostTensor> given,
            long seed, CCompiler cc, Progress progress) {
        return run(ops, pp, given, seed, cc, progress, Optional.empty());
    }

    /**
     * {@link #run(List, ProgramProjections, Map, long, CCompiler, Progress)} for a program specialised
     * at {@code symbolic.binding()} (its dynamic dims bound): each operation's kernel is generated
     * with the dynamic dims as parameters ({@link SymbolicKernel}) and called with the binding's
     * sizes, so running at another binding finds the same source in {@code cc}'s cache; an operation
     * whose extents are not expressions over them runs its specialised kernel ({@link KernelUse} says why).
     */
    public static Report run(List<org.shapeforge.project.Operation> ops, ProgramProjections pp, Map<String, HostTensor> given,
            long seed, CCompiler cc, Progress progress, Optional<SymbolicSizes> symbolic) {
        return run(ops, pp, given, seed, cc, progress, symbolic, RunSides.REAL);
    }

    /**
     * {@link #run(List, ProgramProjections, Map, long, CCompiler, Progress, java.util.Optional)} with
     * the kernel's IR and the reference taken from {@code sides} ({@link RunSides#REAL} but in tests
     * that plant a wrong one).
     */
    public static Report run(List<org.shapeforge.project.Operation> ops, ProgramProjections pp, Map<String, HostTensor> given,
            long seed, CCompiler cc, Progress progress, Optional<SymbolicSizes> symbolic, RunSides sides) {
        RunBudget.check(ops, pp, RunBudget.defaultBytes()); // before lowering or allocating anything
        Map<String, Operation> ir = new LinkedHashMap<>();
        lower(ops, pp).forEach((label, o) -> ir.put(label, sides.kernel().ir(label, o)));
        Map<String, KernelChoice> choice = new LinkedHashMap<>();
        List<KernelUse> kernels = new ArrayList<>();
        for (var e : ir.entrySet()) {
            KernelChoice c = symbolic.isPresent() ? SymbolicKernel.choose(e.getValue(), symbolic.get())
                    : new KernelChoice.Specialised(e.getValue(), "static");
            choice.put(e.getKey(), c);
            kernels.add(switch (c) {
                case KernelChoice.Symbolic(var o, var k) -> new KernelUse(e.getKey(), true, "sizes " + k.params());
                case KernelChoice.Specialised(var o, var why) -> new KernelUse(e.getKey(), false, why);
            });
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, HostTensor> state = new LinkedHashMap<>(given);
        List<String> generated = new ArrayList<>();
        List<Result> results = new ArrayList<>();
        for (org.shapeforge.project.Operation op : ops) {
            progress.starting(results.size(), op);
            Projections p = pp.operations().get(op.label());
            Map<String, HostTensor> inputs = new LinkedHashMap<>();
            for (int j = 0; j < op.rhs().size(); j++) {
                String name = op.rhs().get(j).name();
                List<Integer> dims = ProgramReference.dims(p.rhsAxes().get(j));
                HostTensor t = state.get(name);
                if (t == null) {
                    t = HostTensor.random(dims, rnd);
                    state.put(name, t);
                    generated.add(name);
                } else if (!t.dims().equals(dims) && t.rank() == 1 && t.data().length == HostTensor.zeros(dims).data().length) {
                    t = new HostTensor(dims, t.data()); // a flat array given for the tensor (--inputs), row-major
                    state.put(name, t);
                } else if (!t.dims().equals(dims)) {
                    throw new CodegenException("tensor " + name + " has dims " + t.dims() + " but operation " + op.label()
                            + " reads it as " + dims + (given.containsKey(name) ? " (check --inputs)" : ""));
                }
                inputs.put(name, t);
            }
            HostTensor before = state.get(op.lhs().name());
            if (!op.erasing() && before == null)
                throw new CodegenException("operation " + op.label() + " at " + op.origin().fileLine()
                        + " accumulates into " + op.lhs().name() + ", which has no value yet");
            // the reference reads exactly the float values the kernel reads: an ill-conditioned
            // operation (exp(a − m) with |a| in the hundreds) would otherwise amplify the rounding of
            // its inputs to float into the comparison
            Map<String, HostTensor> exact = new LinkedHashMap<>();
            inputs.forEach((n, t) -> exact.put(n, t.roundedToFloat()));
            HostTensor ref = sides.reference().run(op, p, exact, before == null ? null : before.roundedToFloat());
            Map<String, HostTensor> cIn = new LinkedHashMap<>(inputs);
            if (!op.erasing()) cIn.put(op.lhs().name(), before);
            HostTensor got = switch (choice.get(op.label())) {
                case KernelChoice.Symbolic(var o, var k) -> k.load(cc).run(o, symbolic.orElseThrow().binding(), cIn, Double.NaN);
                case KernelChoice.Specialised(var o, var why) -> CKernel.compile(o, cc).run(cIn, Double.NaN);
            };
            Errors e = Errors.compare(got, ref);
            results.add(new Result(op.label(), op.lhs().name(), op.origin().fileLine(), ref.dims(), e.maxAbs(), e.maxRel(),
                    e.within(TOLERANCE)));
            state.put(op.lhs().name(), ref); // the next operation reads the reference's value: no kernel's error is fed forward
        }
        return new Report(seed, TOLERANCE, generated, results, kernels);
    }
}
