package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;

/**
 * What ONNX's own shape inference says about one model of the corpus: {@code onnx_shapes.json},
 * written by {@code scripts/export-models.py} so that the comparison needs no Python.
 * {@code values}: every value's shape from {@code onnx.shape_inference.infer_shapes} on the
 * file with torch's value_info removed (null for a value ONNX gives no shape). {@code sizes}: the
 * dynamic axes' sizes at two points — the
 * test case ({@code input_k.pb}) and a probe; {@code concrete}: every value's shape ONNX infers with
 * the inputs fixed at each point, the numbers a symbolic dim is checked against.
 *
 * @param values value name → dims, or null where ONNX gives no shape
 * @param sizes point ("test", "probe") → dim_param → size
 * @param concrete point → value name → dims at that point (null where ONNX gives no shape)
 * @param inferMs the time {@code infer_shapes} took, in ms
 */
record ReferenceShapes(Map<String, List<Dim>> values, Map<String, Map<String, Long>> sizes,
                       Map<String, Map<String, List<Dim>>> concrete, double inferMs) {

    /** The two points a symbolic dim is evaluated at. */
    static final List<String> POINTS = List.of("test", "probe");

    /** One dim as ONNX gives it. */
    sealed interface Dim {
        record Known(long size) implements Dim {}

        /** A {@code dim_param}: an input's named axis or one ONNX made up ({@code unk__3}). */
        record Param(String name) implements Dim {}

        record Unknown() implements Dim {}
    }

    ReferenceShapes {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        sizes = Map.copyOf(sizes);
        concrete = Map.copyOf(concrete);
    }

    /** The dims ONNX infers for {@code value} at {@code point} with the inputs fixed; null when it gives none. */
    List<Dim> at(String point, String value) {
        return concrete.getOrDefault(point, Map.of()).get(value);
    }

    static ReferenceShapes read(Path file) {
        JsonNode doc;
        try {
            doc = Cli.JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ShapeError("io", new Span(file.toString(), 0, 0), file + ": cannot read ONNX's shapes (" + e.getMessage()
                    + "); write them with scripts/export-models.py");
        }
        if (doc == null || !doc.path("values").isObject() || !doc.path("sizes").isObject())
            throw new ShapeError("io", new Span(file.toString(), 0, 0), file
                    + ": not an onnx_shapes.json of scripts/export-models.py (needs \"values\" and \"sizes\")");
        Map<String, Map<String, Long>> sizes = new LinkedHashMap<>();
        for (String p : POINTS) {
            Map<String, Long> s = new LinkedHashMap<>();
            doc.path("sizes").path(p).properties().forEach(e -> s.put(e.getKey(), e.getValue().asLong()));
            sizes.put(p, Map.copyOf(s));
        }
        Map<String, Map<String, List<Dim>>> concrete = new LinkedHashMap<>();
        for (String p : POINTS) concrete.put(p, Collections.unmodifiableMap(shapes(doc.path("concrete").path(p))));
        return new ReferenceShapes(shapes(doc.path("values")), sizes, concrete, doc.path("infer_ms").asDouble(Double.NaN));
    }

    private static Map<String, List<Dim>> shapes(JsonNode node) {
        Map<String, List<Dim>> out = new LinkedHashMap<>();
        node.properties().forEach(e -> out.put(e.getKey(), dims(e.getValue())));
        return out;
    }

    private static List<Dim> dims(JsonNode shape) {
        if (shape == null || !shape.isArray()) return null;
        List<Dim> ds = new ArrayList<>();
        for (JsonNode d : shape)
            ds.add(d.isIntegralNumber() ? new Dim.Known(d.asLong()) : d.isTextual() ? new Dim.Param(d.asText()) : new Dim.Unknown());
        return List.copyOf(ds);
    }
}
