package org.shapeforge.program;

import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.ShapeError;

/** Renders what the front end makes of a program as stable, pretty JSON for the golden files. */
final class GoldenJson {
    private GoldenJson() {}

    static String of(Generated g) {
        StringBuilder sb = new StringBuilder("{\n  \"constraints\": [");
        for (int i = 0; i < g.constraints().size(); i++) {
            Constraint c = g.constraints().get(i);
            Origin o = g.origins().get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"constraint\": ").append(q(Printer.print(c)))
                    .append(", \"at\": ").append(q(c.span().toString()))
                    .append(", \"statement\": ").append(q(o.statement().toString()))
                    .append(", \"operation\": ").append(q(o.operation()))
                    .append(", \"argument\": ").append(q(o.argument()))
                    .append(", \"kind\": ").append(q(o.kind())).append("}");
        }
        sb.append(g.constraints().isEmpty() ? "],\n" : "\n  ],\n");
        sb.append("  \"declarations\": [");
        List<Declaration> ds = g.declarations();
        for (int i = 0; i < ds.size(); i++) sb.append(i == 0 ? "" : ", ").append(q(Printer.print(ds.get(i))));
        sb.append("],\n  \"tensors\": {");
        int i = 0;
        for (Map.Entry<String, Shape> e : g.tensors().entrySet()) {
            Shape s = e.getValue();
            sb.append(i++ == 0 ? "\n" : ",\n").append("    ").append(q(e.getKey())).append(": {\"batch\": ")
                    .append(q(Printer.print(s.batch()))).append(", \"input\": ").append(q(Printer.print(s.input())))
                    .append(", \"output\": ").append(q(Printer.print(s.output()))).append("}");
        }
        sb.append(g.tensors().isEmpty() ? "},\n" : "\n  },\n").append("  \"labels\": {");
        i = 0;
        for (Map.Entry<String, Label> e : g.labels().entrySet()) {
            String v = switch (e.getValue()) {
                case Label.DimLabel d -> d.var().name();
                case Label.RowLabel r -> "<" + r.rowVar() + ">";
            };
            sb.append(i++ == 0 ? "" : ", ").append(q(e.getKey())).append(": ").append(q(v));
        }
        return sb.append("}\n}\n").toString();
    }

    static String of(ShapeError e) {
        return "{\n  \"error\": {\"kind\": " + q(e.code()) + ", \"location\": " + q(e.span().toString())
                + ", \"message\": " + q(e.getMessage()) + "}\n}\n";
    }

    static String q(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}
