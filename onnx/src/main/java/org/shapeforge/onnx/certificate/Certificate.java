package org.shapeforge.onnx.certificate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.shapeforge.lang.ShapeError;

/**
 * What lets anyone re-check an import's answer with a plain {@code z3 FILE} and no shapeforge
 * ({@code import --certificate DIR}, docs/onnx.md "Certificates"): SMT-LIB2 scripts, each opening
 * with the verdict z3 must print, and a manifest ({@value #MANIFEST}: one line per file —
 * {@code file}, {@code kind}, {@code expect}, {@code checks} — under a header line) from which a script
 * checks them all.
 */
public record Certificate(List<CertificateFile> files) {
    /** The manifest's file name. */
    public static final String MANIFEST = "manifest.tsv";

    public Certificate {
        files = List.copyOf(files);
        if (files.stream().map(CertificateFile::name).distinct().count() != files.size())
            throw new IllegalArgumentException("two certificate files of one name");
    }

    /** The manifest's text: a header line, then {@code file TAB kind TAB expect TAB checks} per file. */
    public String manifest() {
        StringBuilder sb = new StringBuilder("file\tkind\texpect\tchecks\n");
        for (CertificateFile f : files)
            sb.append(f.name()).append('\t').append(f.kind().keyword).append('\t').append(f.expect().keyword).append('\t')
                    .append(f.checks()).append('\n');
        return sb.toString();
    }

    /**
     * Writes every file and the manifest into {@code dir}, created if absent. A folder that holds
     * anything else must be an earlier certificate (it has a manifest): its {@code .smt2} files and
     * manifest are removed first, so that no stale script remains; any other non-empty folder is
     * refused. An unwritable folder is an {@code io} error.
     */
    public void write(Path dir) {
        try {
            Files.createDirectories(dir);
            clear(dir);
            for (CertificateFile f : files) Files.writeString(dir.resolve(f.name()), f.text(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(MANIFEST), manifest(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ShapeError("io", null, dir + ": cannot write the certificate (" + e.getMessage() + ")");
        }
    }

    private static void clear(Path dir) throws IOException {
        boolean earlier = Files.exists(dir.resolve(MANIFEST));
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                boolean ours = n.equals(MANIFEST) || n.endsWith(".smt2") && Files.isRegularFile(p);
                if (!earlier || !ours)
                    throw new ShapeError("io", null, dir + ": not empty and no earlier certificate (no " + MANIFEST + ", or "
                            + n + " is none of its files); give an empty or new folder to --certificate");
            }
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) Files.delete(p);
        }
    }
}
