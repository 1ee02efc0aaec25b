package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve} names the bindings derived through a policy step (cli.md, "JSON of solve"):
 * {@code [b] <> [3] ~ <r2>} leaves r2's marker free (Remark 2.11); the marker-sensitive inequality
 * reading native's placement pins b, so b and r2 are commitments of the run, and principality is
 * claimed for the other bindings only. A problem without placements lists none.
 */
class PolicyDerivedOutputTest {
    @TempDir Path dir;

    @Test
    void aDiscriminatedPlacementIsListedInTextAndJson() throws Exception {
        Path f = Files.writeString(dir.resolve("ng.shc"), "[b] <> [3] ~ <r2>\n[3, 1] <> [b, 3] <= [3] <r2>\n");
        CliRun t = CliRun.of("solve", f.toString());
        assertTrue(t.out().contains("policy-derived: b, <r2>"), t::out);
        assertTrue(t.out().contains("principal: yes (except the policy-derived bindings)"), t::out);
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", f.toString()));
        assertEquals("[\"b\",\"<r2>\"]", doc.get("policyDerived").toString());
    }

    @Test
    void noPlacementNoPolicyDerivedBindings() throws Exception {
        Path f = Files.writeString(dir.resolve("plain.shc"), "<r> ~ [3, a]\na = 4\n");
        CliRun t = CliRun.of("solve", f.toString());
        assertTrue(!t.out().contains("policy-derived") && t.out().contains("principal: yes\n"), t::out);
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", f.toString()));
        assertEquals(0, doc.get("policyDerived").size(), doc::toString);
    }
}
