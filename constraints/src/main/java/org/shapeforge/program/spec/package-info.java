/**
 * OCANNL's einsum / shape spec notation ({@code tensor/lexer.mll}, {@code tensor/parser.mly} of
 * ahrefs/ocannl): {@link org.shapeforge.program.spec.SpecParser} (both lexing modes, affine and
 * concatenation axes, {@code ...}/{@code ..name..} row variables, leading flanks),
 * {@link org.shapeforge.program.spec.SpecTerms} (a spec as row terms, Remark 2.15(1)) and
 * {@link org.shapeforge.program.spec.Discardable} (Block specs' invalid variables, seed 000).
 */
package org.shapeforge.program.spec;
