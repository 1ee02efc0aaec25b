package org.shapeforge.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ./shapeforge}: the thin command line ({@code shared/spec/cli.md}). Exit codes: 0 success,
 * 1 a negative verdict or failed expectation, 2 bad usage or bad input. Each subcommand parses its
 * options, calls one module and prints text or one JSON document.
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
            BenchCommand.class,
            ImportCommand.class,
            ConformanceCommand.class,
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExitCodeExceptionMapper(Cli::exitCodeOf);
        cl.setExecutionExceptionHandler(Cli::handleExecutionException);
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
