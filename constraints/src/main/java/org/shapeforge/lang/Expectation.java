package org.shapeforge.lang;

import java.util.Optional;

/**
 * An {@code expect} line: turns a file into a self-checking test ({@code language.md},
 * "Expectations"); evaluated by {@code shapeforge check}.
 */
public sealed interface Expectation extends Statement {

    /** Who is asked: the native solver (deterministic or complete) or the SMT oracle under a semantics. */
    enum Engine {
        NATIVE("native"), COMPLETE("complete"), FLAT("flat"), MARKED("marked"), RIGID("rigid"), CONTENT("content");

        public final String keyword;

        Engine(String keyword) {
            this.keyword = keyword;
        }

        public boolean isNative() {
            return this == NATIVE || this == COMPLETE;
        }
    }

    /** {@code expect ENGINE: sat | unsat | unknown | fail [policy|semantic] ["text"]}. */
    record ExpectVerdict(Engine engine, Verdict verdict, Span span) implements Expectation {}

    /** {@code expect closed a = 3} / {@code expect closed <r> ~ [3, 5]}: the value after closing. */
    record ExpectClosed(Constraint binding, Span span) implements Expectation {}

    /** {@code expect entails C}: C holds in every solution. */
    record ExpectEntails(Constraint entailed, Span span) implements Expectation {}

    /** {@code expect principal: yes|no} (Cor. 5.8: no residual caps). */
    record ExpectPrincipal(boolean principal, Span span) implements Expectation {}

    /** The expected verdict. */
    sealed interface Verdict {
        record Sat() implements Verdict {}

        record Unsat() implements Verdict {}

        record Unknown() implements Verdict {}

        /**
         * A failure, optionally of a given kind ({@code policy} / {@code semantic}) and with a
         * message that must contain {@code text}.
         */
        record Fail(Optional<String> kind, Optional<String> text) implements Verdict {}
    }
}
