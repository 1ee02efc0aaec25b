package org.shapeforge.solve.rules;

import org.shapeforge.solve.store.Why;

/**
 * One relation's rules (Defs. 4.2–4.3): applied by the {@link Engine} to a fact's two sides,
 * already read through σ, with the fact's derivation. A rule acts only through its
 * {@link RuleContext} (emit, bind, fresh, fail, read), and keeps its own state; a new relation is
 * a new implementation and a case in {@code Engine.step}.
 *
 * @param <T> the sort of the sides: {@code Dim} or {@code Row}
 */
interface Rule<T> {
    void apply(T left, T right, Why why);
}
