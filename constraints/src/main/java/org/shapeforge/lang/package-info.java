/**
 * The {@code .shc} constraint language ({@code shared/spec/language.md}): statements
 * (constraints, provenance declarations, expectations), source spans, the parser entry point
 * and the printer. Only the AST builder in this package imports ANTLR.
 */
package org.shapeforge.lang;
