package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.NodeProto;
import onnx.Onnx.StringStringEntryProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;

/**
 * Reading torch 2's node metadata into a {@link SourceLocation}: the user's frame is the innermost
 * one outside torch, the module the path before the node's own namespace segment; metadata of
 * another form gives none, never an error; a refused node names its location.
 */
class TorchSourceTest {
    private static final String TRACE = """
            File "/home/u/model.py", line 12, in forward
                y = self.enc(x)
              File "/home/u/enc.py", line 42, in forward
                return self.attn(h) + h
              File "/venv/lib/python3.11/site-packages/torch/nn/modules/linear.py", line 134, in forward
                return F.linear(input, self.weight, self.bias)""";
    private static final String NAMESPACE = ": model.Net/enc: enc.Enc/enc.layers.0.attn: torch.nn.modules.linear.Linear/linear: aten.linear.default";

    private static NodeProto withMeta(String... keysAndValues) {
        NodeProto.Builder b = node("n", "Relu", List.of("x"), List.of("y")).toBuilder();
        for (int i = 0; i < keysAndValues.length; i += 2)
            b.addMetadataProps(StringStringEntryProto.newBuilder().setKey(keysAndValues[i]).setValue(keysAndValues[i + 1]));
        return b.build();
    }

    @Test
    void theUsersFrameIsTheInnermostOutsideTorchAndTheModuleTheNodesOwner() {
        Optional<SourceLocation> s = TorchSource.of(withMeta(TorchSource.STACK_TRACE, TRACE, TorchSource.NAMESPACE, NAMESPACE));
        assertEquals(Optional.of(new SourceLocation("/home/u/enc.py", 42, "forward", "enc.layers.0.attn")), s);
        assertEquals("/home/u/enc.py:42 in forward (enc.layers.0.attn)", s.get().text());
    }

    @Test
    void aNodeOfTheTopLevelModuleHasAnEmptyModulePath() {
        SourceLocation s = TorchSource.of(withMeta(TorchSource.STACK_TRACE, "File \"m.py\", line 7, in forward\n    return x.view(-1)",
                TorchSource.NAMESPACE, ": __main__.M/view: aten.view.default")).orElseThrow();
        assertEquals(new SourceLocation("m.py", 7, "forward", ""), s);
        assertEquals("m.py:7 in forward", s.text());
    }

    @Test
    void torchFramesOnWindowsAndDistPackagesAreTorchs() {
        String trace = "File \"C:\\work\\m.py\", line 3, in forward\n    f(x)\n"
                + "  File \"C:\\py\\Lib\\site-packages\\torch\\nn\\functional.py\", line 9, in relu\n    ...\n"
                + "  File \"/usr/lib/python3/dist-packages/torch/nn/modules/conv.py\", line 5, in forward\n    ...";
        assertEquals(Optional.of(new SourceLocation("C:\\work\\m.py", 3, "forward", "")), TorchSource.of(withMeta(TorchSource.STACK_TRACE, trace)));
    }

    @Test
    void metadataOfAnotherFormGivesNoLocation() {
        assertEquals(Optional.empty(), TorchSource.of(withMeta()));
        assertEquals(Optional.empty(), TorchSource.of(withMeta(TorchSource.NAMESPACE, NAMESPACE))); // no frames
        assertEquals(Optional.empty(), TorchSource.of(withMeta(TorchSource.STACK_TRACE, "not a traceback")));
        assertEquals(Optional.empty(), TorchSource.of(withMeta(TorchSource.STACK_TRACE, "File \"m.py\", line 0, in f")));
        assertEquals(Optional.empty(), TorchSource.of(withMeta(TorchSource.STACK_TRACE, "File \"m.py\", line 99999999999, in f")));
        assertEquals(Optional.empty(), TorchSource.of(withMeta(TorchSource.STACK_TRACE,
                "File \"/v/site-packages/torch/nn/functional.py\", line 9, in relu"))); // only torch's frames
        assertEquals(new SourceLocation("m.py", 2, "f", ""), TorchSource.of(withMeta(TorchSource.STACK_TRACE, "File \"m.py\", line 2, in f",
                TorchSource.NAMESPACE, "no segments of path: class form")).orElseThrow());
        assertThrows(IllegalArgumentException.class, () -> new SourceLocation("", 1, "f", ""));
    }

    @Test
    void aRefusedNodeNamesItsLocationInTheMessageAndItsOrigin() {
        NodeProto bad = node("t", "Transpose", List.of("x"), List.of("y"), Models.ints("perm", 0, 0)).toBuilder()
                .addMetadataProps(StringStringEntryProto.newBuilder().setKey(TorchSource.STACK_TRACE).setValue(TRACE))
                .addMetadataProps(StringStringEntryProto.newBuilder().setKey(TorchSource.NAMESPACE).setValue(NAMESPACE)).build();
        NativeSolver solver = new NativeSolver();
        ImportError e = assertThrows(ImportError.class,
                () -> Importer.translate(model(List.of(input("x", 2, 3)), List.of(), List.of(bad), "y"), "m.onnx", Map.of(), solver));
        assertTrue(e.getMessage().startsWith("m.onnx: node 't' (Transpose #0) from /home/u/enc.py:42 in forward (enc.layers.0.attn): "),
                e.getMessage());
        assertEquals(Optional.of(new SourceLocation("/home/u/enc.py", 42, "forward", "enc.layers.0.attn")), e.node().orElseThrow().source());
        assertEquals("m.onnx: node 't' (Transpose #0)", e.where()); // the location stays the node
    }
}
