package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Cold start (issue 30): a text {@code infer} initialises only what it uses. Jackson's
 * {@code ObjectMapper} (built by {@link Cli}'s initialiser: dates, locales, number formats) was a
 * fifth of a cold {@code infer}'s Java time although nothing is written as JSON; ONNX's protobuf
 * and Z3 are other commands' dependencies. Each case runs the CLI in a fresh JVM with
 * {@code -Xlog:class+init} and reads the classes it initialised.
 */
class StartupClassesTest {
    private static final Pattern INIT = Pattern.compile("Initializing '([^']+)'");

    static List<String> initialised(String... args) throws Exception {
        JvmRun r = JvmRun.main(List.of("-Xlog:class+init=info"), JvmRun.classPath(), args);
        assertEquals(0, r.exit(), r.out());
        Matcher m = INIT.matcher(r.out());
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) out.add(m.group(1).replace('/', '.'));
        return out;
    }

    static List<String> under(List<String> classes, String... prefixes) {
        return classes.stream().filter(c -> java.util.Arrays.stream(prefixes).anyMatch(c::startsWith)).collect(Collectors.toList());
    }

    @Test
    void aTextInferInitialisesNoJsonProtobufOrZ3() throws Exception {
        List<String> text = initialised("infer", "../examples/mlp.shp");
        assertTrue(text.contains("org.shapeforge.cli.InferCommand"), "the probe sees the command's classes");
        assertEquals(List.of(), under(text, "com.fasterxml.jackson.", "org.shapeforge.cli.Cli", "com.google.protobuf.", "com.microsoft.z3."));
    }

    @Test
    void aJsonInferInitialisesTheMapper() throws Exception {
        List<String> json = initialised("infer", "../examples/mlp.shp", "--json");
        assertTrue(json.contains("com.fasterxml.jackson.databind.ObjectMapper"), "the probe sees Jackson when it is used");
        assertFalse(under(json, "org.shapeforge.cli.Cli").isEmpty());
    }
}
