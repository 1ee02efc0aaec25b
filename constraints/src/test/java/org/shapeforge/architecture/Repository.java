package org.shapeforge.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The build as the architecture rules see it, read from the checkout (no class loading): the
 * modules of the parent {@code pom.xml}, each module's main-scope dependencies on sibling modules
 * (its {@code pom.xml}; test scope does not count) and each main source file's imports.
 */
record Repository(Path root, Map<String, Set<String>> moduleDependencies) {

    /** An import of a main source file: the module and file that make it, and what it imports. */
    record Import(String module, Path file, String imported) {}

    /** The repository that holds the working directory (surefire runs in the module's folder). */
    static Repository find() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("constraints")) ) dir = dir.getParent();
        if (dir == null) throw new IllegalStateException("no shapeforge checkout above " + Path.of("").toAbsolutePath());
        return read(dir);
    }

    static Repository read(Path root) {
        Map<String, Set<String>> deps = new LinkedHashMap<>();
        Element parent = pom(root.resolve("pom.xml"));
        List<String> modules = texts(child(parent, "modules"), "module");
        for (String m : modules) {
            Set<String> ds = new TreeSet<>();
            Element deps0 = child(pom(root.resolve(m).resolve("pom.xml")), "dependencies");
            if (deps0 != null)
                for (Element d : children(deps0, "dependency")) {
                    String group = text(d, "groupId"), artifact = text(d, "artifactId"), scope = text(d, "scope");
                    if ("org.shapeforge".equals(group) && modules.contains(artifact) && !"test".equals(scope)) ds.add(artifact);
                }
            deps.put(m, ds);
        }
        return new Repository(root, deps);
    }

    /** Every {@code import} (static ones included) of every {@code src/main/java} file of every module. */
    List<Import> mainImports() {
        List<Import> out = new ArrayList<>();
        for (String m : moduleDependencies.keySet()) {
            Path src = root.resolve(m).resolve("src/main/java");
            if (!Files.isDirectory(src)) continue;
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList())
                    for (String line : Files.readAllLines(f)) {
                        String l = line.strip();
                        if (!l.startsWith("import ") || !l.endsWith(";")) continue;
                        String name = l.substring("import ".length(), l.length() - 1).strip();
                        if (name.startsWith("static ")) name = name.substring("static ".length()).strip();
                        out.add(new Import(m, root.relativize(f), name));
                    }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static Element pom(Path p) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(p.toFile()).getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    private static Element child(Element e, String name) {
        List<Element> cs = children(e, name);
        return cs.isEmpty() ? null : cs.getFirst();
    }

    private static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        NodeList ns = e.getChildNodes();
        for (int i = 0; i < ns.getLength(); i++)
            if (ns.item(i) instanceof Element c && c.getTagName().equals(name)) out.add(c);
        return out;
    }

    private static String text(Element e, String name) {
        Element c = child(e, name);
        return c == null ? null : c.getTextContent().strip();
    }

    private static List<String> texts(Element e, String name) {
        return children(e, name).stream().map(Node::getTextContent).map(String::strip).toList();
    }
}
