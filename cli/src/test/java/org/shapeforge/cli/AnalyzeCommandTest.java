package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code shapeforge analyze} on the dynamic transformer (issue 17 "Done when"). */
class AnalyzeCommandTest {
    @Test
    void listsClassesFactsAndNoOpBroadcasts() throws Exception {
        CliRun r = CliRun.of("analyze", DynamicCliTest.DYN, "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals(2, doc.get("classes").size());
        assertEquals("size(seq) % 8 == 0", doc.get("facts").get(2).asText());
        int noOp = 0;
        boolean residual = false, mean = false;
        for (JsonNode b : doc.get("broadcasts")) {
            if (b.get("noOp").asBoolean()) noOp++;
            // the residual x + att: both operands are [batch, seq]|->512, as the result: no broadcast needed
            if (b.get("result").asText().equals("r1") && b.get("operand").asText().equals("x")) residual = b.get("noOp").asBoolean();
            // r1 - mu1: the mean has no output axis, a real broadcast over the 512 features
            if (b.get("result").asText().equals("c1") && b.get("operand").asText().equals("mu1")) mean = !b.get("noOp").asBoolean();
        }
        assertTrue(residual, r.out());
        assertTrue(mean, r.out());
        // softmax(…, "R => L") relates its tensors by spec equations, not a pointwise broadcast
        assertEquals(21, noOp, r.out());
        assertEquals(31, doc.get("broadcasts").size());
    }

    @Test
    void textReportAndAFailingProgram() {
        CliRun r = CliRun.of("analyze", DynamicCliTest.DYN);
        assertTrue(r.out().contains("pointwise broadcasts: 31, provably no-op: 21"), r.out());
        assertTrue(r.out().contains("equal dims: seq"), r.out());
        assertEquals(1, CliRun.of("analyze", "../examples/forgotten-hidden.shp").code());
    }
}
