package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.Conformance;
import org.shapeforge.onnx.Model;

/**
 * Issue 16's values measure on a sample of ONNX's node tests (a curated list, and issue 27's
 * stratified sample: one test per op type, {@link ValueSample}; the whole campaign is
 * {@code shapeforge conformance --values}, and {@link #fullCampaign} behind
 * {@code -Dshapeforge.onnx.values.full=true}): each runs through generated C and reproduces the
 * expected outputs within the tolerance of their element type ({@link Tolerance}); a node the loop IR cannot express is
 * reported with its node and reason; a planted wrong expected value is caught. Skipped, with the
 * reason, where libonnx-testdata or gcc is missing.
 */
class ValueConformanceTest {
    /** One test per op family of the issue's list (Softmax's expanded form covers ReduceMax/Sub/Exp/ReduceSum/Div). */
    static final List<String> SAMPLE = List.of("add_bcast", "where_example", "erf", "pow", "cast_BFLOAT16_to_FLOAT", "matmul_4d",
            "gemm_all_attributes", "conv_with_strides_and_asymmetric_padding", "convtranspose_output_shape", "maxpool_2d_ceil",
            "averagepool_2d_pads_count_include_pad", "globalaveragepool", "batchnorm_epsilon_training_mode",
            "concat_3d_axis_negative_1", "split_variable_parts_2d", "flatten_negative_axis1", "transpose_all_permutations_3",
            "unsqueeze_two_axes", "expand_dim_changed", "einsum_batch_diagonal", "reduce_mean_keepdims_random",
            "gather_negative_indices", "slice_neg_steps", "reflect_pad", "softmax_example_expanded", "softmax_axis_0", "softmax_default_axis",
            "logsoftmax_axis_1", "dropout_default_mask", "layer_normalization_3d_axis1_epsilon",
            "layer_normalization_4d_axis1_expanded", "shape_start_1_end_negative_1", "size_example", "constantofshape_int_zeros",
            "clip_splitbounds", "clip_default_int8_min", "castlike_FLOAT_to_DOUBLE", "mod_mixed_sign_int32", "mod_mixed_sign_float32",
            "split_zero_size_splits", "leakyrelu", "prelu_broadcast", "shrink_hard", "hardswish", "equal", "and_bcast3v1d",
            "isinf_negative", "round", "acosh", "reduce_log_sum_exp_do_not_keepdims_random", "reduce_l2_keep_dims_random",
            "reduce_prod_default_axes_keepdims_random", "mean_example", "argmax_negative_axis_keepdims_random_select_last_index",
            "argmin_no_keepdims_example", "hardmax_axis_1", "cumsum_1d_reverse_exclusive", "cumsum_2d_negative_axis", "tril_neg",
            "triu_one_row", "gather_elements_negative_indices",
            // a Gather of 6,480 scattered indices (> Shaping.MAX_RUNS runs: the one-hot form) behind a GatherElements
            "nllloss_NCd1d2d3d4d5_mean_weight_expanded", "nllloss_NCd1d2_with_weight_reduction_mean",
            "nllloss_NCd1_mean_weight_negative_ii", "sce_mean_weight_ii_3d_log_prob", "sce_none", "range_float_type_positive_delta",
            "eyelike_populate_off_main_diagonal", "onehot_negative_indices", "tile_precomputed", "depthtospace_crd_mode_example",
            "spacetodepth", "instancenorm_epsilon", "mvn", "resize_tf_crop_and_resize", "resize_downsample_scales_cubic_A_n0p5_exclude_outside",
            "resize_upsample_sizes_nearest_round_prefer_ceil_asymmetric", "resize_downsample_sizes_linear_pytorch_half_pixel",
            "upsample_nearest", "compress_negative_axis", "quantizelinear_axis", "dequantizelinear_axis", "hammingwindow_symmetric",
            "blackmanwindow", "lrn", "globalmaxpool", "div_uint8", "dynamicquantizelinear_min_adjusted", "top_k_smallest", "gathernd_example_int32_batch_dim1",
            "scatternd_multiply", "scatter_elements_with_duplicate_indices", "gridsample_reflection_padding", "gridsample_bicubic",
            "gridsample_nearest", "lstm_with_peepholes", "gru_with_initial_bias", "simple_rnn_batchwise", "nonzero_example",
            "bitshift_left_uint16", "bitshift_right_uint8", "adagrad_multiple", "nesterov_momentum", "adam", "matmulinteger",
            "convinteger_with_padding", "maxunpool_export_with_output_shape", "reversesequence_batch", "det_nd", "if", "loop11", "scan9_sum",
            "range_int32_type_negative_delta_expanded", "qlinearmatmul_2D", "qlinearconv", "dft_inverse", "stft_with_window",
            "cast_FLOAT_to_FLOAT16", "cast_DOUBLE_to_FLOAT16", "top_k", "top_k_negative_axis",
            // every NonMaxSuppression case: both box formats, flipped corners, ties, the cap, batches and classes
            "nonmaxsuppression_center_point_box_format", "nonmaxsuppression_flipped_coordinates",
            "nonmaxsuppression_identical_boxes", "nonmaxsuppression_limit_output_size", "nonmaxsuppression_single_box",
            "nonmaxsuppression_suppress_by_IOU", "nonmaxsuppression_suppress_by_IOU_and_scores",
            "nonmaxsuppression_two_batches", "nonmaxsuppression_two_classes");

    private static Kernels kernels;

    @TempDir
    Path tmp;

    @BeforeAll
    static void preconditions() {
        org.shapeforge.testenv.Requires.that(Files.isDirectory(Conformance.DEFAULT_ROOT.resolve("node")),
                "libonnx-testdata is not installed (" + Conformance.DEFAULT_ROOT + "): `apt-get install libonnx-testdata`");
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static ValueConformance.Case one(String test) {
        return ValueConformance.runOne("node/" + test, Conformance.DEFAULT_ROOT.resolve("node").resolve(test), kernels);
    }

    @Test
    void sampleReproducesTheExpectedOutputsThroughGeneratedC() {
        List<String> bad = new ArrayList<>();
        int ran = 0;
        for (String t : SAMPLE) {
            ValueConformance.Case c = one("test_" + t);
            ran += c.kernels();
            if (c.status() != ValueConformance.Status.PASSED) bad.add(t + ": " + c.status() + " " + c.reason());
        }
        assertTrue(bad.isEmpty(), String.join("\n", bad));
        assertTrue(ran >= SAMPLE.size(), "every sample test runs at least one kernel but for zero-size results, ran " + ran);
    }

    /**
     * The stratified sample ({@link ValueSample}): one node test per op type that has a runnable
     * test — every op family's lowering is run against ONNX's expected outputs by default. Each of
     * issue 16's ops has its test.
     */
    @Test
    void onePassingTestPerOpType() throws Exception {
        var picks = ValueSample.perOpType(Conformance.DEFAULT_ROOT);
        List<String> missing = Conformance.ISSUE_OPS.stream().filter(op -> !picks.containsKey(op)).sorted().toList();
        assertTrue(missing.isEmpty(), "issue 16's ops without a sample test: " + missing);
        List<String> bad = new ArrayList<>();
        java.util.Set<String> run = new java.util.TreeSet<>();
        picks.forEach((op, t) -> run.add(t.name()));
        java.util.Map<String, ValueConformance.Case> results = new java.util.HashMap<>();
        for (String name : run) results.put(name, ValueConformance.runOne(name, Conformance.DEFAULT_ROOT.resolve(name), kernels));
        picks.forEach((op, t) -> {
            ValueConformance.Case c = results.get(t.name());
            if (c.status() != ValueConformance.Status.PASSED) bad.add(op + " (" + t.name() + "): " + c.status() + " " + c.reason());
        });
        assertTrue(bad.isEmpty(), bad.size() + " of " + picks.size() + " op types fail their sample test:\n" + String.join("\n", bad));
    }

    /** The sample's op types and their tests, committed: what {@link ValueSample} picks from the code under test, pinned. */
    static final String SAMPLE_OPS = "/values/sample-op-types.tsv";

    /**
     * The stratified sample is the committed one: each op type with its test. An op type that loses
     * its lowering (or its last runnable test) leaves the sample, and a change of pick moves the
     * committed line: either fails here, naming the difference.
     */
    @Test
    void theSampleIsTheCommittedListOfOpTypes() throws Exception {
        java.util.Map<String, String> want = new java.util.TreeMap<>();
        for (List<String> row : ValueSample.table(SAMPLE_OPS)) want.put(row.get(0), row.get(1));
        java.util.Map<String, String> got = new java.util.TreeMap<>();
        ValueSample.perOpType(Conformance.DEFAULT_ROOT).forEach((op, t) -> got.put(op, t.name()));
        List<String> diff = new ArrayList<>();
        want.forEach((op, t) -> {
            if (!t.equals(got.get(op))) diff.add(op + ": committed " + t + ", picked " + got.getOrDefault(op, "none"));
        });
        got.forEach((op, t) -> {
            if (!want.containsKey(op)) diff.add(op + ": not committed, picked " + t);
        });
        StringBuilder table = new StringBuilder();
        got.forEach((op, t) -> table.append(op).append('\t').append(t).append('\n'));
        assertTrue(diff.isEmpty(), "the sample differs from " + SAMPLE_OPS + ":\n" + String.join("\n", diff) + "\ntoday's pick:\n" + table);
    }

    @Test
    void aNodeTheIrCannotExpressIsNamedWithTheReason() {
        ValueConformance.Case c = one("test_training_dropout");
        assertEquals(ValueConformance.Status.NOT_EXPRESSIBLE, c.status());
        assertTrue(c.reason().contains("(Dropout)") && c.reason().contains("random"), c.reason());
        ValueConformance.Case s = one("test_cast_FLOAT_to_STRING");
        assertEquals(ValueConformance.Status.NOT_EXPRESSIBLE, s.status());
        assertTrue(s.reason().contains("(Cast)") && s.reason().contains("STRING"), s.reason());
    }

    @Test
    void aPlantedWrongExpectedValueIsCaught() throws Exception {
        Path src = Conformance.DEFAULT_ROOT.resolve("node/test_add_bcast");
        Path dst = tmp.resolve("test_add_bcast");
        Files.createDirectories(dst.resolve("test_data_set_0"));
        Files.copy(src.resolve("model.onnx"), dst.resolve("model.onnx"));
        for (String f : List.of("input_0.pb", "input_1.pb"))
            Files.copy(src.resolve("test_data_set_0").resolve(f), dst.resolve("test_data_set_0").resolve(f));
        Value want = Value.read(Model.tensor(src.resolve("test_data_set_0/output_0.pb")));
        TensorProto.Builder planted = TensorProto.newBuilder().setName("planted").setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (int d : want.dims()) planted.addDims(d);
        for (int i = 0; i < want.data().length; i++) planted.addFloatData((float) (i == 7 ? want.data()[i] + 0.01 : want.data()[i]));
        Files.write(dst.resolve("test_data_set_0/output_0.pb"), planted.build().toByteArray());
        ValueConformance.Case c = ValueConformance.runOne("planted", dst, kernels);
        assertEquals(ValueConformance.Status.WRONG_VALUES, c.status(), c.reason());
        assertTrue(c.maxRel() > 1e-3 && c.maxRel() < 1e-1, "max rel " + c.maxRel());
    }

    /** Node tests whose shipped outputs are wrong, each shown by its own test here ({@link #adamMultipleShipsTheOutputsOfAnotherEpsilon}). */
    static final java.util.Set<String> CORPUS_DEFECTS = java.util.Set.of("node/test_adam_multiple");

    /** The full campaign's node tests that the IR cannot express (or that have an op without a lowering), by name, with why. */
    static final String NOT_EXPRESSIBLE = "/values/not-expressible.txt";

    /**
     * The whole campaign (minutes with a cold kernel cache): {@code -Dshapeforge.onnx.values.full=true}.
     * Every node test that runs reproduces its outputs, whatever its ops (but {@link #CORPUS_DEFECTS}).
     */
    @Test
    void fullCampaign() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("shapeforge.onnx.values.full"),
                "the full values campaign runs with -Dshapeforge.onnx.values.full=true (or `shapeforge conformance --values`)");
        Pattern node = Pattern.compile("^node/");
        ValueConformance.Report r = ValueConformance.run(Conformance.DEFAULT_ROOT, n -> node.matcher(n).find(), kernels);
        StringBuilder tsv = new StringBuilder();
        for (var c : r.cases())
            tsv.append(c.name()).append('\t').append(c.status()).append('\t').append(String.join(",", c.ops())).append('\t')
                    .append(c.reason().replace('\n', ' ').replace('\t', ' ')).append('\n');
        Files.writeString(Path.of("target/values-campaign.tsv"), tsv); // every case's status, for reading after the run
        long[] in = r.inIssueList("node");
        List<String> wrong = new ArrayList<>();
        for (var c : r.cases())
            if ((c.status() == ValueConformance.Status.WRONG_VALUES || c.status() == ValueConformance.Status.FAILED)
                    && !CORPUS_DEFECTS.contains(c.name()))
                wrong.add(c.name() + ": " + c.reason());
        assertTrue(wrong.isEmpty(), "every expressible node test reproduces its outputs:\n" + String.join("\n", wrong));
        java.util.Set<String> notExpressible = new java.util.TreeSet<>();
        for (var c : r.cases()) if (c.status() == ValueConformance.Status.NOT_EXPRESSIBLE) notExpressible.add(c.name());
        java.util.Set<String> named = ValueSample.committed(NOT_EXPRESSIBLE);
        List<String> newly = notExpressible.stream().filter(n -> !named.contains(n)).toList();
        List<String> gone = named.stream().filter(n -> !notExpressible.contains(n)).toList();
        assertTrue(newly.isEmpty() && gone.isEmpty(), "the node tests not expressible are exactly those named in " + NOT_EXPRESSIBLE
                + "; newly not expressible (a regression, or name it with its reason): " + newly
                + "; named but now expressible (remove its line): " + gone);
        // measured 297/314 (94.6%) with Softmax/LogSoftmax lowered; the issue asks for 90%
        assertTrue(in[1] * 1000 >= 940 * in[0], "passed " + in[1] + " of " + in[0]);
    }

    /**
     * {@code test_adam_multiple} ships outputs computed with epsilon = 1e-2 while its node sets no
     * epsilon (the operator's default is 1e-6; ONNX's generator, onnx/backend/test/case/node/adam.py,
     * passes 1e-2 to the reference but not to the node): as shipped it is WRONG_VALUES, and with the
     * attribute the generator meant, every output agrees.
     */
    @Test
    void adamMultipleShipsTheOutputsOfAnotherEpsilon() throws Exception {
        assertEquals(ValueConformance.Status.WRONG_VALUES, one("test_adam_multiple").status());
        Path dir = Conformance.DEFAULT_ROOT.resolve("node").resolve("test_adam_multiple");
        onnx.Onnx.ModelProto m = onnx.Onnx.ModelProto.parseFrom(Files.readAllBytes(dir.resolve("model.onnx")));
        var node = m.getGraph().getNode(0).toBuilder().addAttribute(onnx.Onnx.AttributeProto.newBuilder().setName("epsilon")
                .setType(onnx.Onnx.AttributeProto.AttributeType.FLOAT).setF(1e-2f));
        onnx.Onnx.ModelProto meant = m.toBuilder().setGraph(m.getGraph().toBuilder().setNode(0, node)).build();
        Path data = dir.resolve("test_data_set_0");
        var got = GraphRun.run(meant, GraphRun.readInputs(meant, data), kernels);
        List<String> outs = meant.getGraph().getOutputList().stream().map(onnx.Onnx.ValueInfoProto::getName).toList();
        for (int i = 0; i < outs.size(); i++) {
            Value want = Value.read(Model.tensor(data.resolve("output_" + i + ".pb")));
            double[] g = got.get(outs.get(i)).data(), w = want.data();
            for (int j = 0; j < w.length; j++)
                assertTrue(Math.abs(g[j] - w[j]) <= 1e-4 * Math.max(1, Math.abs(w[j])), outs.get(i) + "[" + j + "] " + g[j] + " vs " + w[j]);
        }
    }

    /**
     * The installed corpus's FLOAT → BFLOAT16 casts ship the <em>truncated</em> inputs (the older
     * generator; the rounding is unspecified by the Cast spec, onnx/onnx#3876, and the newer
     * reference and PyTorch round to nearest even, onnx/onnx#4193). Ours rounds to nearest even:
     * the test shows the shipped outputs are exactly the truncations, and ours exactly the
     * round-to-nearest-even values, element by element (NaN and the infinities kept). The two differ
     * by at most one bfloat16 unit in the last place, which {@link Tolerance} allows a BFLOAT16
     * output: the campaign passes the case, with a nonzero error.
     */
    @Test
    void bfloat16CastsRoundToNearestEvenWhereTheCorpusTruncates() throws Exception {
        for (String t : List.of("test_cast_FLOAT_to_BFLOAT16", "test_castlike_FLOAT_to_BFLOAT16_expanded")) {
            ValueConformance.Case c = one(t);
            assertEquals(ValueConformance.Status.PASSED, c.status(), t + ": " + c.reason());
            assertTrue(c.maxRel() > 0 && c.maxRel() <= 0x1p-7, t + ": within one bfloat16 ulp, not equal: " + c.maxRel());
        }
        Path dir = Conformance.DEFAULT_ROOT.resolve("node").resolve("test_cast_FLOAT_to_BFLOAT16");
        onnx.Onnx.ModelProto m = onnx.Onnx.ModelProto.parseFrom(Files.readAllBytes(dir.resolve("model.onnx")));
        Path data = dir.resolve("test_data_set_0");
        var given = GraphRun.readInputs(m, data);
        double[] in = given.values().iterator().next().data();
        double[] got = GraphRun.run(m, given, kernels).values().iterator().next().data();
        double[] shipped = Value.read(Model.tensor(data.resolve("output_0.pb"))).as(TensorProto.DataType.BFLOAT16_VALUE).data();
        int differ = 0;
        for (int i = 0; i < in.length; i++) {
            int bits = Float.floatToRawIntBits((float) in[i]);
            float truncated = Float.intBitsToFloat(bits & 0xffff0000);
            float nearestEven = Float.isNaN((float) in[i]) ? Float.NaN : Float.intBitsToFloat((bits + 0x7fff + ((bits >> 16) & 1)) & 0xffff0000);
            assertEquals(truncated, shipped[i], 0.0, "shipped output " + i + " is the truncation of " + in[i]);
            assertEquals(nearestEven, got[i], 0.0, "our output " + i + " rounds " + in[i] + " to nearest even");
            if (truncated != nearestEven) differ++;
        }
        assertTrue(differ > 0, "the two roundings differ on some input");
    }
}
