package org.shapeforge.semantics;

import org.shapeforge.term.Assignment;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;

/**
 * Ground instances of the witnesses ({@code shared/witnesses}), written in the constraint
 * language: semantics, assignment, constraint, expected truth. Each row is computed by hand
 * from the definitions cited.
 */
class GroundInstancesTest {

    @ParameterizedTest(name = "{0}: {1} ⊢ {2} is {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # w01, Remark 2.11: the split value satisfies both under flat, not the equality under marked
            flat    | <r> = [3] <> [5]      | <r> ~ [3, 5]                 | HOLDS
            flat    | <r> = [3] <> [5]      | [3] <> [9, 5] <= <r>         | HOLDS
            marked  | <r> = [3] <> [5]      | <r> ~ [3, 5]                 | FAILS
            marked  | <r> = [3, 5]          | <r> ~ [3, 5]                 | HOLDS
            marked  | <r> = [3, 5]          | [3] <> [9, 5] <= <r>         | FAILS
            content | <r> = [3] <> [5]      | <r> ~ [3, 5]                 | HOLDS
            rigid   | <r> = ![3, 5]         | <r> ~ [3, 5]                 | HOLDS
            rigid   | <r> = ![3, 5]         | [3] <> [9, 5] <= <r>         | FAILS
            rigid   | <r> = [3] <> [5]      | [3] <> [9, 5] <= <r>         | FAILS
            flat    | <r> = ![3, 5]         | <r> ~ [3, 5]                 | UNDEFINED
            # w15, w16: closed shifted inequalities
            flat    |                       | [3] <> <= [3]                | FAILS
            content |                       | [3] <> <= [3]                | HOLDS
            flat    |                       | [3] <> <=1 [3]               | HOLDS
            flat    |                       | [3] <> <= [5]                | FAILS
            content |                       | [3] <> <= [5]                | FAILS
            # w30: clause (d)
            rigid   |                       | [5] <> [3] <= ![3]           | FAILS
            rigid   |                       | ![5, 3] <= [3]               | HOLDS
            rigid   |                       | ![5, 3] <= ![3]              | FAILS
            # w18: the marked order needs rank >= 4; the one-shot order admits rank 3
            flat    | <r> = [3, 5]          | [3] <r> [4] <= [3, 5, 4]     | HOLDS
            flat    | <r> = [5]             | [3] <r> [4] <= [3, 5, 4]     | FAILS
            content | <r> = [5]             | [3] <r> [4] <= [3, 5, 4]     | HOLDS
            marked  | <r> = [5]             | [3] <r> [4] <=1 [3, 5, 4]    | HOLDS
            # w31: [3] <r> <= <r> [1]
            content | <r> = []              | [3] <r> <= <r> [1]           | HOLDS
            flat    | <r> = []              | [3] <r> <= <r> [1]           | FAILS
            flat    | <r> = [2] <>          | [3] <r> <= <r> [1]           | FAILS
            # w02, Example 3.5; w08-w10: dimension order
            flat    | a = 3:b               | 3:b <= a                     | HOLDS
            flat    | a = 1                 | 3:b <= a                     | HOLDS
            flat    | a = 5:b               | 3:b <= a                     | FAILS
            flat    | a = 3                 | 3:b <= a                     | FAILS
            flat    | a = 1                 | 1 <= a                       | HOLDS
            flat    | a = 1:default         | 1 <= a                       | FAILS
            flat    | a = 1:default         | a <= 1                       | HOLDS
            # w23-w26: Concat and Affine sizes, bases
            flat    | a = 3, b = 4          | a ^ b = 7                    | HOLDS
            flat    | a = 4                 | 7 = a ^ 3                    | HOLDS
            flat    | a = 3:rgb, b = 4      | a ^ b = 7:rgb                | HOLDS
            flat    | a = 3:rgb, b = 4      | a ^ b = 7                    | FAILS
            flat    | a = 3:rgb, b = 4:x    | a ^ b = 7                    | UNDEFINED
            flat    | o = 15, k = 3         | affine(o, stride=2, kernel=k, dilation=1) = 31 | HOLDS
            flat    | o = 16, k = 3         | affine(o, stride=2, kernel=k, dilation=1, padding=same) = 32 | HOLDS
            flat    | o = 11                | affine(o, stride=3) = 32     | FAILS
            # w20-w22: Total_elems
            flat    | <r> = [8, 8]          | total(<r>) = 64              | HOLDS
            flat    | <r> = [2] <> [8]      | total([4] <r>) = 64          | HOLDS
            flat    | <r> = [8, 8], v = 4, d = 4 | total(<r>) = 64 * v / {d} | HOLDS
            flat    | <r> = [8, 8], v = 5, d = 4 | total(<r>) = 64 * v / {d} | FAILS
            flat    | <r> = [8, 8], v = 2   | total(<r>) = 64 * v / 2      | HOLDS
            # w27-w29: Exact and size predicates
            flat    | a = 3, b = 4          | total([a, b]) = 12           | HOLDS
            flat    | a = 2, <r> = [2, 3]   | exact(<r>) = [a, 3]          | HOLDS
            flat    | a = 2, <r> = [2] <> [3] | exact(<r>) = [a, 3]        | HOLDS
            flat    | a = 2, <r> = [3, 2]   | exact(<r>) = [a, 3]          | FAILS
            flat    | a = 8:rgb             | size(a) % 4 == 0             | HOLDS
            flat    | a = 11                | size(a) in 1..10             | FAILS
            flat    | a = 7, b = 3          | size(a) == 2 * size(b) + 1   | HOLDS
            flat    |                       | likely(a) = {32, 64}         | HOLDS
            flat    |                       | a = 3                        | UNDEFINED
            """)
    void groundInstance(String semantics, String assignment, String constraint, Truth expected) {
        Assignment a = assignment == null ? Assignment.empty() : Parser.parseAssignment(assignment);
        Constraint c = Parser.parseConstraint(constraint);
        Judgement j = Evaluator.judge(c, a, Semantics.parse(semantics));
        assertEquals(expected, j.truth(), j.detail());
    }
}
