package org.shapeforge.cli;

import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code ./shapeforge}: the thin command line ({@code shared/spec/cli.md}). Exit codes: 0 success,
 * 1 a negative verdict or failed expectation, 2 bad usage or bad input, 3 unknown or timeout,
 * 4 internal error. Each subcommand parses its options, calls one module and prints text or one
 * JSON document; {@link Runner} maps every failure to its message and exit code.
 *
 * <p>The subcommands are listed in {@link #SUBCOMMANDS}, not in the annotation, so that a command
 * line naming one ({@code shapeforge infer ...}) builds picocli's model of that one only: picocli
 * reflects over every option of every command it is given, with classes it loads from the jar (its
 * Java 5 class files stay out of the JDK's AOT cache), and building all sixteen commands and their
 * nested ones was half of a cold {@code infer} (issue 30, docs/performance.md "Cold start").
 */
@Command(
        name = "shapeforge",
        mixinStandardHelpOptions = true,
        version = "shapeforge 0.1.0",
        description = "Symbolic tensor-shape constraint analysis.")
public final class Main implements Runnable {
    /** A subcommand: its name (as its {@code @Command} says; MainTest keeps them equal) and class. */
    record Sub(String name, Class<?> type) {}

    /** The subcommands, in the order {@code --help} lists them. */
    static final List<Sub> SUBCOMMANDS = List.of(new Sub("help", CommandLine.HelpCommand.class),
            new Sub("fmt", FmtCommand.class), new Sub("eval", EvalCommand.class), new Sub("smt", SmtCommand.class),
            new Sub("export", ExportCommand.class), new Sub("check", CheckCommand.class), new Sub("solve", SolveCommand.class),
            new Sub("infer", InferCommand.class), new Sub("query", QueryCommand.class), new Sub("analyze", AnalyzeCommand.class),
            new Sub("run", RunCommand.class), new Sub("bench", BenchCommand.class), new Sub("oracle", OracleCommand.class),
            new Sub("fuzz", FuzzCommand.class), new Sub("import", ImportCommand.class),
            new Sub("conformance", ConformanceCommand.class));

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "on an internal error, print the Java stack trace")
    boolean debug;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    static {
        // stdout carries only the answer (cli.md): ojAlgo (the native solver's ILP, ojAlgo's matmul in
        // the benchmarks) prints a hardware-profile notice on System.out when it first loads; its own
        // switch turns that off. Set once, before any command runs (solver-native's Ilp sets it too,
        // for embedders). Never a redirect of System.out: Runner routes stdout per command thread.
        if (System.getProperty("shut.up.ojAlgo") == null) System.setProperty("shut.up.ojAlgo", "true");
    }

    /** The whole command line: every subcommand. */
    public static CommandLine commandLine() {
        return build(SUBCOMMANDS);
    }

    /**
     * The command line {@code args} need: when {@code args[0]} names a subcommand (but {@code help},
     * which lists them all), the root with that subcommand alone — it parses, helps and fails on
     * its arguments as the whole command line would; else the whole command line (a misspelt
     * command gets picocli's suggestions among all of them).
     */
    static CommandLine commandLine(String... args) {
        if (args.length > 0 && !args[0].equals("help"))
            for (Sub s : SUBCOMMANDS) if (s.name().equals(args[0])) return build(List.of(s));
        return commandLine();
    }

    private static CommandLine build(List<Sub> subs) {
        CommandLine cl = new CommandLine(new Main());
        for (Sub s : subs) cl.addSubcommand(s.name(), s.type());
        Runner.install(cl);
        return cl;
    }

    public static void main(String[] args) {
        // the JVM's start from the process table (no JMX: java.lang.management loads ~40 classes)
        Runner.processStartMillis = ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli)
                .orElseGet(System::currentTimeMillis);
        System.exit(commandLine(args).execute(args));
    }
}
