package org.shapeforge.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json}, the one option every command takes ({@code cli.md}): print exactly one JSON
 * document on stdout, errors included. A picocli mixin ({@code @Mixin JsonOption json}); the
 * {@link Runner} reads the flag from the arguments itself, to hold back output and to print
 * the error document.
 */
final class JsonOption {
    @Option(names = "--json", description = "print one JSON document")
    boolean on;
}
