package org.shapeforge.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.shapeforge.lang.ShapeError;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The one place where a command's run becomes an exit code and its failures become messages
 * ({@code cli.md}): picocli's execution strategy and parameter-exception handler.
 *
 * <ul>
 *   <li>usage errors (picocli's own, {@link OptionRules}' ranges, a command's
 *       {@link CommandLine.ParameterException}) exit 2, as do {@link ShapeError}s (bad input,
 *       {@code file:line:col: message});</li>
 *   <li>{@code --timeout-ms T}, when given, bounds the whole command (parsing and encoding
 *       included; not {@code fuzz}, whose {@code T} bounds each case): past {@code T} (plus {@link #GRACE_MS} for the command's own, finer timeout to
 *       answer first) the answer is {@code unknown (timeout after T ms)}, exit 3;</li>
 *   <li>anything else is our bug: exit 4 with a "please report" line; the Java stack trace only
 *       under {@code --debug};</li>
 *   <li>with {@code --json}, stdout is exactly one JSON document: what the command printed is held
 *       back until it returns normally, and replaced by {@link ErrorDoc#json()} when it does not.</li>
 * </ul>
 *
 * <p>Commands run on a worker thread with a large stack ({@link #STACK_BYTES}); term depth is
 * bounded by {@link org.shapeforge.lang.NestingLimit} at parse time, the stack is a second line.
 */
final class Runner implements CommandLine.IExecutionStrategy, CommandLine.IParameterExceptionHandler {
    static final long GRACE_MS = 100;
    static final long STACK_BYTES = 512L << 20;

    /**
     * When the process started (epoch ms), set by {@link Main#main} so that {@code --timeout-ms}
     * also covers JVM start-up; 0 in-process (tests), where the bound starts with the command.
     */
    static volatile long processStartMillis;

    static void install(CommandLine root) {
        Runner r = new Runner();
        root.setExecutionStrategy(r);
        root.setParameterExceptionHandler(r);
        for (CommandLine sub : root.getSubcommands().values()) {
            var spec = sub.getCommandSpec();
            if (spec.findOption("--help") == null) {
                String[] names = spec.findOption("-h") == null ? new String[] {"-h", "--help"} : new String[] {"--help"};
                spec.addOption(OptionSpec.builder(names).usageHelp(true).description("Show this help message and exit.").build());
            }
        }
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        return report(ErrorDoc.usage(ex.getMessage()), cl, has(args, "--json"), has(args, "--debug"), null);
    }

    @Override
    public int execute(ParseResult parsed) {
        Integer help = CommandLine.executeHelpRequest(parsed);
        if (help != null) return help;
        ParseResult last = parsed;
        while (last.hasSubcommand()) last = last.subcommand();
        CommandLine cmd = last.commandSpec().commandLine();
        if (last.commandSpec().userObject() instanceof CommandLine.HelpCommand)
            return new CommandLine.RunLast().execute(parsed);
        String[] args = parsed.originalArgs().toArray(String[]::new);
        boolean json = has(args, "--json"), debug = has(args, "--debug");
        try {
            OptionRules.validate(last);
        } catch (CommandLine.ParameterException e) {
            return report(ErrorDoc.usage(e.getMessage()), cmd, json, debug, null);
        }
        long timeout = timeoutMs(last);
        PrintWriter realOut = cmd.getOut();
        PrintStream realSystemOut = System.out;
        ByteArrayOutputStream held = new ByteArrayOutputStream();
        // Everything the command prints goes through its gate: held back under --json, straight
        // through otherwise; closed when the command ends or times out.
        ThreadOut.Gate gate = new ThreadOut.Gate(json ? held : realSystemOut);
        PrintStream gated = new PrintStream(gate, true, StandardCharsets.UTF_8);
        PrintWriter heldWriter = new PrintWriter(gated, true);
        System.setOut(new ThreadOut(realSystemOut));
        if (json) cmd.setOut(heldWriter);
        Object command = last.commandSpec().userObject();
        FutureTask<Integer> task = new FutureTask<>(() -> {
            ThreadOut.route(gated);
            return call(command);
        });
        Thread worker = new Thread(null, task, "shapeforge-" + cmd.getCommandName(), STACK_BYTES);
        worker.setDaemon(true);
        worker.start();
        try {
            long spent = processStartMillis > 0 ? Math.max(0, System.currentTimeMillis() - processStartMillis) : 0;
            int code = timeout > 0 ? task.get(Math.max(1, timeout + GRACE_MS - spent), TimeUnit.MILLISECONDS) : task.get();
            restore(json, cmd, realOut, realSystemOut, heldWriter, gate);
            if (json) {
                realOut.print(held.toString(StandardCharsets.UTF_8));
                realOut.flush();
            }
            return code;
        } catch (TimeoutException e) {
            worker.interrupt();
            restore(json, cmd, realOut, realSystemOut, heldWriter, gate);
            ErrorDoc doc = ErrorDoc.timeout(timeout);
            if (!json) {
                realOut.println(doc.message());
                realOut.flush();
            }
            return report(doc, cmd, json, debug, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            restore(json, cmd, realOut, realSystemOut, heldWriter, gate);
            return report(ErrorDoc.internal(e), cmd, json, debug, e);
        } catch (ExecutionException e) {
            restore(json, cmd, realOut, realSystemOut, heldWriter, gate);
            Throwable t = e.getCause();
            ErrorDoc doc = switch (t) {
                case ShapeError se -> ErrorDoc.of(se);
                case CommandLine.ParameterException pe -> ErrorDoc.usage(pe.getMessage());
                default -> ErrorDoc.internal(t);
            };
            return report(doc, cmd, json, debug, t);
        }
    }

    private static void restore(boolean json, CommandLine cmd, PrintWriter realOut, PrintStream realSystemOut,
            PrintWriter heldWriter, ThreadOut.Gate gate) {
        heldWriter.flush();
        gate.close();
        System.setOut(realSystemOut);
        if (json) cmd.setOut(realOut);
    }

    /** Prints the error (one JSON document on stdout, or a line on stderr) and returns its exit code. */
    private static int report(ErrorDoc doc, CommandLine cl, boolean json, boolean debug, Throwable cause) {
        PrintWriter err = cl.getErr();
        if (json) {
            cl.getOut().println(Cli.json(doc.json()));
            cl.getOut().flush();
        }
        switch (doc.kind()) {
            case "usage" -> {
                err.println("shapeforge " + cl.getCommandName() + ": " + doc.message());
                err.println("try 'shapeforge " + (cl.getParent() == null ? "" : cl.getCommandName() + " ") + "--help'");
            }
            case "internal" -> {
                err.println("shapeforge: " + doc.message());
                err.println("shapeforge: please report this bug to the shapeforge maintainers with the input file and the"
                        + " command line" + (debug ? "" : "; run again with --debug for the Java stack trace"));
                if (debug && cause != null) cause.printStackTrace(err);
            }
            case "timeout" -> err.println("shapeforge " + cl.getCommandName() + ": " + doc.message());
            default -> {
                if (!json) err.println(doc.text());
                if (debug && cause != null) cause.printStackTrace(err);
            }
        }
        err.flush();
        return doc.exit();
    }

    private static int call(Object command) throws Exception {
        return switch (command) {
            case Callable<?> c -> {
                Object r = c.call();
                yield r instanceof Integer i ? i : Cli.OK;
            }
            case Runnable r -> {
                r.run();
                yield Cli.OK;
            }
            default -> throw new IllegalStateException("not a command: " + command.getClass());
        };
    }

    /**
     * {@code --timeout-ms}, when the user gave it and it is positive; else 0 (no whole-command
     * bound). {@code fuzz}'s bounds each case's SMT call, not the campaign: never a command bound.
     */
    private static long timeoutMs(ParseResult last) {
        if (last.commandSpec().userObject() instanceof FuzzCommand) return 0;
        OptionSpec o = last.matchedOption("--timeout-ms");
        return o != null && o.getValue() instanceof Number n ? Math.max(0, n.longValue()) : 0;
    }

    private static boolean has(String[] args, String flag) {
        int end = Arrays.asList(args).indexOf("--");
        for (int i = 0; i < (end < 0 ? args.length : end); i++) if (args[i].equals(flag)) return true;
        return false;
    }
}
