package org.shapeforge.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The names nearest to a name the user gave that is not there (a tensor of {@code --inputs}), for
 * the error's hint: by Levenshtein distance (Apache Commons Text's, a well-kept implementation),
 * ties by name, so the hint does not depend on the order the names come in.
 */
final class NearestNames {
    private NearestNames() {}

    /** At most {@code k} of {@code names}, nearest to {@code name} first. */
    static List<String> of(String name, Collection<String> names, int k) {
        LevenshteinDistance d = LevenshteinDistance.getDefaultInstance();
        return names.stream().distinct().sorted(Comparator.<String>comparingInt(n -> d.apply(name, n)).thenComparing(n -> n))
                .limit(k).toList();
    }
}
