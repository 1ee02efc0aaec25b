package org.shapeforge.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The jar's pre-Java-6 classes re-emitted so that the JDK's AOT cache takes them (cold start,
 * issue 30). picocli's class files are version 49 (Java 5, every release): they have no stack map
 * tables, the JDK 25 AOT cache refuses them ("Unlinked class not supported by AOTClassLinking"), and
 * a cold command loaded, verified with the old type-inferring verifier and profiled them from the
 * jar on every start. This writes each such class again, instruction for instruction, at class-file
 * version 52 with stack maps computed, into a small jar ({@link #path}) that the launcher and
 * {@code bench cold} put before the CLI jar on the class path whenever they use the AOT cache: its
 * classes shadow the jar's, the training run records them, and a cold run maps them linked.
 *
 * <p>It uses the JDK's own ClassFile API ({@code java.lang.classfile}, JEP 484), so no bytecode
 * library is added; the stack maps it generates are checked by the JVM's split verifier when a class
 * is linked (version 52 has no fallback to the old verifier), so a wrong map is a load-time
 * {@link VerifyError}, never a silent change. A class the API cannot re-emit (e.g. one using
 * {@code jsr}) is left out: it still loads, from the CLI jar, as before.
 */
public final class LinkableClasses {
    private LinkableClasses() {}

    /** The version written: Java 8, the first with stack maps required and no verifier fallback. */
    static final int VERSION = ClassFile.JAVA_8_VERSION;

    /** The first class-file version with stack map tables (Java 6); older ones are re-emitted. */
    static final int FIRST_WITH_STACK_MAPS = ClassFile.JAVA_6_VERSION;

    /** Where the re-emitted classes of {@code jar} go: beside it. */
    static Path path(Path jar) {
        return jar.resolveSibling("shapeforge-linkable.jar");
    }

    /** What {@link #write} did: the classes re-emitted and those left in the jar (entry names). */
    record Result(int written, List<String> skipped) {
        Result {
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * {@code LinkableClasses JAR OUT}: writes {@code OUT} (through a temporary file), prints a summary
     * line; a wrong argument count or an unreadable jar is one line on stderr and exit 2.
     */
    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: LinkableClasses JAR OUT");
            System.exit(2);
        }
        try {
            Result r = write(Path.of(args[0]), Path.of(args[1]));
            System.out.println("linkable classes: " + r.written() + " re-emitted, " + r.skipped().size() + " left in the jar " + r.skipped());
        } catch (IOException e) {
            System.err.println("LinkableClasses: " + args[0] + ": " + e);
            System.exit(2);
        }
    }

    /**
     * Writes to {@code out} every class of {@code jar} older than {@link #FIRST_WITH_STACK_MAPS},
     * re-emitted at {@link #VERSION}; {@code out} is replaced only when complete.
     */
    static Result write(Path jar, Path out) throws IOException {
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        int written = 0;
        List<String> skipped = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile());
                URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
                OutputStream file = Files.newOutputStream(tmp);
                ZipOutputStream dst = new ZipOutputStream(file)) {
            // the jar's own classes by parsing its resources, the JDK's from the running JDK
            ClassHierarchyResolver hierarchy = ClassHierarchyResolver.defaultResolver()
                    .orElse(ClassHierarchyResolver.ofResourceParsing(loader)).cached();
            ClassFile cf = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(hierarchy));
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (e.isDirectory() || !e.getName().endsWith(".class")) continue;
                byte[] bytes;
                try (InputStream in = zip.getInputStream(e)) {
                    bytes = in.readAllBytes();
                }
                if (majorVersion(bytes) >= FIRST_WITH_STACK_MAPS) continue;
                byte[] linkable;
                try {
                    linkable = reemit(cf, bytes);
                } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException ex) {
                    skipped.add(e.getName());
                    continue;
                }
                ZipEntry o = new ZipEntry(e.getName());
                o.setTime(e.getTime());
                dst.putNextEntry(o);
                dst.write(linkable);
                dst.closeEntry();
                written++;
            }
        } catch (IOException | RuntimeException ex) {
            Files.deleteIfExists(tmp);
            throw ex;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Result(written, skipped);
    }

    /** One class at {@link #VERSION}: every method body rebuilt (so that stack maps are generated), nothing else changed. */
    static byte[] reemit(ClassFile cf, byte[] bytes) {
        ClassTransform version = (cb, element) -> {
            if (element instanceof ClassFileVersion) cb.withVersion(VERSION, 0);
            else cb.with(element);
        };
        return cf.transformClass(cf.parse(bytes), ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL).andThen(version));
    }

    /** The class file's major version (bytes 6–7, big-endian). */
    static int majorVersion(byte[] classFile) {
        if (classFile.length < 8) throw new IllegalArgumentException("not a class file (" + classFile.length + " bytes)");
        return (classFile[6] & 0xff) << 8 | classFile[7] & 0xff;
    }
}
