package org.shapeforge.onnx.certificate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.onnx.Broadcast;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Names;
import org.shapeforge.onnx.certificate.CertificateFile.Expect;
import org.shapeforge.onnx.certificate.CertificateFile.Kind;
import org.shapeforge.solver.Claim;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SmtLibQuery;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;

/**
 * The {@link Certificate} of an import's answer, written through a solver's SMT-LIB export
 * ({@link ShapeSolver#exportSmtLib(Problem, List, List, SolveOptions)}: Z3's encoding, every
 * constraint under a comment naming its ONNX node). For an answer: {@code constraints.smt2}
 * (satisfiable), {@code consistency.smt2} and {@code requires.smt2} where there is a domain (the
 * constraints with it satisfiable; the constraints entail it), and {@code relations-NNN.smt2}, the
 * inferred axes ({@link Relations}) in batches of whole values in graph order, each an entailment
 * query that also assumes the axes of the batches before it (lemmas: file k proves its axes from
 * the constraints and files 1..k-1, so all files {@code unsat} is, by induction over the files, the
 * constraints entailing every axis; a wrong axis makes its own file {@code sat}, and z3 re-derives no
 * earlier value: ssdlite320's post-NMS batch went from beyond 15 minutes to under a second). Every
 * script assumes the runtime sizes' definitions, which the native solver is not given but the
 * answer reads through, and ONNX's broadcasting, which the constraints state only as an order and
 * closing resolves: each result axis of a multidirectional broadcast is one of its operands' axes
 * ({@link Broadcast}). For a proof of a shape error: {@code constraints.smt2} and
 * {@code core.smt2} (the constraints the solver named, alone), both unsatisfiable. A failure that
 * proves nothing (a policy step, unknown) has no certificate.
 */
public final class Certifier {
    /** Axis claims a relations file holds at least (fewer files, each re-stating the constraints). */
    static final int BATCH = 512;
    /** Relations files at most: a large model's batches grow instead. */
    static final int MAX_FILES = 16;

    private Certifier() {}

    /** The certificate of {@code r}, an answer of {@code im}, through {@code smt}'s export; empty when {@code r} is a failure that proves nothing. */
    public static Optional<Certificate> of(Imported im, ImportResult r, ShapeSolver smt, SolveOptions options) {
        return of(im, r, smt, options, BATCH, MAX_FILES);
    }

    /** {@link #of(Imported, ImportResult, ShapeSolver, SolveOptions)} with relations files of at least {@code batch} axis claims, at most {@code maxFiles} of them. */
    public static Optional<Certificate> of(Imported im, ImportResult r, ShapeSolver smt, SolveOptions options, int batch, int maxFiles) {
        List<String> notes = notes(im);
        String model = Names.oneLine(im.file());
        if (!r.succeeded()) {
            ImportResult.Failure f = r.failure();
            if (!f.kind().provesInconsistent() || f.indices().isEmpty()) return Optional.empty();
            return Optional.of(failure(im, f, notes, model, smt, options));
        }
        List<Claim> defs = new ArrayList<>(runtime(im.runtime()));
        defs.addAll(broadcasts(im.broadcasts()));
        List<Planned> plan = new ArrayList<>();
        plan.add(planned("constraints.smt2", Kind.CONSTRAINTS, Expect.SAT, "the constraints of " + model + " are satisfiable", defs, List.of()));
        List<Claim> domain = r.requires().stream().<Claim>map(c -> new Claim.Condition(c, "requires " + c)).toList();
        if (!domain.isEmpty()) {
            List<Claim> with = new ArrayList<>(defs);
            with.addAll(domain);
            plan.add(planned("consistency.smt2", Kind.CONSISTENCY, Expect.SAT,
                    "the constraints with the requires domain (" + domain.size() + " conditions) are satisfiable", with, List.of()));
            plan.add(planned("requires.smt2", Kind.REQUIRES, Expect.UNSAT, "the constraints entail the requires domain: "
                    + String.join(", ", r.requires().stream().map(SymCondition::toString).toList()), defs, domain));
        }
        List<Relations.Batch> batches = Relations.batches(Relations.of(im, r), batch, maxFiles);
        List<Claim> lemmas = new ArrayList<>(defs); // each file also assumes the axes the files before it prove
        for (int i = 0; i < batches.size(); i++) {
            String name = String.format("relations-%03d.smt2", i + 1);
            plan.add(planned(name, Kind.RELATIONS, Expect.UNSAT, (i == 0 ? "the constraints entail" : "the constraints and the axes of "
                    + (i == 1 ? "relations-001" : "relations-001 to " + String.format("relations-%03d", i)) + " entail")
                    + " the inferred axes of " + batches.get(i).describe(), List.copyOf(lemmas), batches.get(i).claims()));
            lemmas.addAll(batches.get(i).claims());
        }
        return Optional.of(written(plan, smt, im.problem(), notes, options));
    }

    private static Certificate failure(Imported im, ImportResult.Failure f, List<String> notes, String model, ShapeSolver smt,
            SolveOptions options) {
        Certificate whole = written(List.of(planned("constraints.smt2", Kind.CONSTRAINTS, Expect.UNSAT, "the constraints of " + model
                + " are unsatisfiable (" + f.headline() + ")", List.of(), List.of())), smt, im.problem(), notes, options);
        List<Statement> core = new ArrayList<>();
        List<String> coreNotes = new ArrayList<>();
        for (int i : f.indices()) {
            core.add(im.problem().constraints().get(i));
            coreNotes.add(notes.get(i));
        }
        core.addAll(im.problem().declarations());
        Certificate c = written(List.of(planned("core.smt2", Kind.CORE, Expect.UNSAT, "the shape error's core of " + f.indices().size()
                + " constraints (" + String.join(", ", f.nodes()) + ") is unsatisfiable", List.of(), List.of())), smt,
                new Problem(im.problem().file(), core), coreNotes, options);
        return new Certificate(List.of(whole.files().getFirst(), c.files().getFirst()));
    }

    /**
     * ONNX's broadcasting, which the constraints state only as an order: each result axis of a
     * multidirectional broadcast is one of its operands' axes ({@link Broadcast}); an axis the
     * import already equated with one (a term among the candidates) states nothing new.
     */
    private static List<Claim> broadcasts(List<Broadcast> bs) {
        List<Claim> out = new ArrayList<>();
        for (Broadcast b : bs)
            for (int i = 0; i < b.result().size(); i++) {
                List<Dim> options = b.candidates(i);
                Dim d = b.result().get(i);
                if (options.isEmpty() || options.contains(d)) continue;
                out.add(new Claim.OneOf(d, options, "broadcast: " + b.origin().nodeText() + ", output axis " + i
                        + " is one of its operands' axes " + i + " (ONNX broadcasting; the constraints state the order only)"));
            }
        return out;
    }

    /** Each runtime size's definition {@code size(v) == meaning} as an assumed claim. */
    private static List<Claim> runtime(Map<String, SizeExpr> runtime) {
        List<Claim> out = new ArrayList<>();
        runtime.forEach((v, meaning) -> {
            Constraint def = new Constraint.SizeRel(new SizeExpr.Size(new Dim.Var(v)), Constraint.Rel.EQ, meaning, Span.NONE);
            out.add(new Claim.Holds(def, "runtime size: " + Printer.print(def)));
        });
        return out;
    }

    /** A file to write: its name, what it checks and expects, and its query. */
    private record Planned(String name, Kind kind, Expect expect, String checks, SmtLibQuery query) {}

    private static Planned planned(String name, Kind kind, Expect expect, String what, List<Claim> assumed, List<Claim> refuted) {
        String line = Names.oneLine(what).replace('\t', ' ');
        SmtLibQuery q = new SmtLibQuery(List.of("expect: " + expect.keyword, "checks: " + line,
                "re-check: `z3 FILE` prints " + expect.keyword + " first"), assumed, refuted);
        return new Planned(name, kind, expect, line, q);
    }

    /** The planned files, their scripts exported over one encoding of {@code p}. */
    private static Certificate written(List<Planned> plan, ShapeSolver smt, Problem p, List<String> notes, SolveOptions options) {
        List<String> scripts = smt.exportSmtLib(p, notes, plan.stream().map(Planned::query).toList(), options)
                .orElseThrow(() -> new IllegalArgumentException(smt.name() + " has no SMT-LIB encoding: a certificate needs one (oracle.Backend.SMT)"));
        List<CertificateFile> files = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            Planned f = plan.get(i);
            files.add(new CertificateFile(f.name(), f.kind(), f.expect(), f.checks(), scripts.get(i)));
        }
        return new Certificate(files);
    }

    /** Each constraint's comment: the ONNX node (or graph value) it comes from, and its role. */
    private static List<String> notes(Imported im) {
        return im.origins().stream().map(o -> o.describe()).toList();
    }
}
