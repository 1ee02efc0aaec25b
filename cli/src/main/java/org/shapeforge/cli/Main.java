package org.shapeforge.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ./shapeforge}: the thin command line ({@code shared/spec/cli.md}). Exit codes: 0 success,
 * 1 a negative verdict or failed expectation, 2 bad usage or bad input, 3 unknown or timeout,
 * 4 internal error. Each subcommand parses its options, calls one module and prints text or one
 * JSON document; {@link Runner} maps every failure to its message and exit code.
 */
@Command(
        name = "shapeforge",
        mixinStandardHelpOptions = true,
        version = "shapeforge 0.1.0",
        description = "Symbolic tensor-shape constraint analysis.",
        subcommands = {
            CommandLine.HelpCommand.class,
            FmtCommand.class,
            EvalCommand.class,
            SmtCommand.class,
            ExportCommand.class,
            CheckCommand.class,
            SolveCommand.class,
            InferCommand.class,
            QueryCommand.class,
            AnalyzeCommand.class,
            RunCommand.class,
            BenchCommand.class,
            OracleCommand.class,
            FuzzCommand.class,
            ImportCommand.class,
            ConformanceCommand.class,
        })
public final class Main implements Runnable {

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

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        Runner.install(cl);
        return cl;
    }

    public static void main(String[] args) {
        Runner.processStartMillis = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        System.exit(commandLine().execute(args));
    }
}
