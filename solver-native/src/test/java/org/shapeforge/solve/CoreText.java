package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Test-only reader for the core fragment of the {@code .shc} language (until the parser of
 * branch lang is on main): constraints {@code = <= ~}, declarations, and the expectation lines
 * the native solver answers. Lines it does not understand are an error (so no witness is
 * silently skipped).
 */
final class CoreText {
    private CoreText() {}

    static Problem parse(String file, String text) {
        List<Statement> out = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceAll("#.*", "").trim();
            if (line.isEmpty()) continue;
            Span sp = new Span(file, i + 1, 1);
            Statement s = statement(line, sp);
            if (s != null) out.add(s);
        }
        return new Problem(file, out);
    }

    static Statement statement(String line, Span sp) {
        for (Declaration.Provenance p : Declaration.Provenance.values())
            if (line.startsWith(p.keyword + " ")) {
                List<Declaration.VarRef> vs = new ArrayList<>();
                for (String v : line.substring(p.keyword.length()).split(","))
                    vs.add(v.trim().startsWith("<") ? new Declaration.VarRef(v.trim().replaceAll("[<>]", ""), true)
                            : new Declaration.VarRef(v.trim(), false));
                return new Declaration(p, vs, sp);
            }
        if (line.startsWith("expect ")) return expectation(line.substring(7).trim(), sp);
        return constraint(line, sp);
    }

    static Constraint constraint(String line, Span sp) {
        for (String op : List.of(" <= ", " ~ ", " = ")) {
            int k = line.indexOf(op);
            if (k < 0) continue;
            String l = line.substring(0, k).trim(), r = line.substring(k + op.length()).trim();
            return switch (op.trim()) {
                case "<=" -> isRow(l) ? new Constraint.RowLe(row(l), row(r), sp) : new Constraint.DimLe(dim(l), dim(r), sp);
                case "~" -> new Constraint.RowEq(row(l), row(r), sp);
                default -> new Constraint.DimEq(dim(l), dim(r), sp);
            };
        }
        throw new IllegalArgumentException(sp + ": cannot read '" + line + "'");
    }

    private static Expectation expectation(String e, Span sp) {
        if (e.startsWith("closed ")) return new Expectation.ExpectClosed(constraint(e.substring(7), sp), sp);
        if (e.startsWith("entails ")) return new Expectation.ExpectEntails(constraint(e.substring(8), sp), sp);
        if (e.startsWith("principal:")) return new Expectation.ExpectPrincipal(e.endsWith("yes"), sp);
        int colon = e.indexOf(':');
        String engine = e.substring(0, colon).trim(), v = e.substring(colon + 1).trim();
        Expectation.Engine en = null;
        for (Expectation.Engine x : Expectation.Engine.values()) if (x.keyword.equals(engine)) en = x;
        if (en == null) throw new IllegalArgumentException(sp + ": unknown engine " + engine);
        Expectation.Verdict verdict;
        if (v.equals("sat")) verdict = new Expectation.Verdict.Sat();
        else if (v.equals("unsat")) verdict = new Expectation.Verdict.Unsat();
        else if (v.startsWith("fail")) {
            String rest = v.substring(4).trim();
            Optional<String> kind = Optional.empty(), text = Optional.empty();
            if (rest.startsWith("policy") || rest.startsWith("semantic")) {
                kind = Optional.of(rest.split(" ")[0]);
                rest = rest.substring(kind.get().length()).trim();
            }
            if (rest.startsWith("\"")) text = Optional.of(rest.substring(1, rest.length() - 1));
            verdict = new Expectation.Verdict.Fail(kind, text);
        } else verdict = new Expectation.Verdict.Unknown();
        return new Expectation.ExpectVerdict(en, verdict, sp);
    }

    static boolean isRow(String s) {
        return s.contains("[") || s.contains("<");
    }

    static Row row(String s) {
        List<Dim> lead = new ArrayList<>(), trail = new ArrayList<>();
        String var = null;
        boolean marker = false;
        String rest = s.trim();
        while (!rest.isEmpty()) {
            if (rest.startsWith("[")) {
                int e = rest.indexOf(']');
                List<Dim> ds = new ArrayList<>();
                for (String d : rest.substring(1, e).split(",")) if (!d.isBlank()) ds.add(dim(d));
                (marker ? trail : lead).addAll(ds);
                rest = rest.substring(e + 1).trim();
            } else if (rest.startsWith("<")) {
                int e = rest.indexOf('>');
                String name = rest.substring(1, e);
                if (!name.isEmpty()) var = name;
                marker = true;
                rest = rest.substring(e + 1).trim();
            } else throw new IllegalArgumentException("bad row " + s);
        }
        if (!marker) return Row.literal(lead);
        return var == null ? new Row.Closed(lead, trail) : new Row.Open(lead, var, trail);
    }

    static Dim dim(String s) {
        s = s.trim();
        if (s.equals("1")) return Dim.unit();
        if (Character.isDigit(s.charAt(0))) return Dim.atom(Long.parseLong(s));
        return Dim.var(s);
    }
}
