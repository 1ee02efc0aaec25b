"""The command line shared by scripts/torch-forward-time.py and scripts/ort-forward-time.py:
[--threads 1,2] [--reps N] [--min-time S] MODEL_DIR... (a module of theirs, not a script)."""


class Usage(Exception):
    """Wrong arguments: the message says which; the scripts exit 2 with it."""


def parse(argv, usage):
    """(threads, reps, min_time, dirs) from argv; Usage(usage) when no MODEL_DIR is given."""
    threads, reps, min_time, dirs = [1, 2], 5, 2.0, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--threads", "--reps", "--min-time") and i + 1 < len(argv):
            v = argv[i + 1]
            try:
                if a == "--threads":
                    threads = [int(t) for t in v.split(",")]
                    if any(t < 1 for t in threads):
                        raise ValueError(v)
                elif a == "--reps":
                    reps = max(1, int(v))
                else:
                    min_time = max(0.0, float(v))
            except ValueError:
                raise Usage("%s takes %s, got %s" % (a, "positive integers" if a == "--threads" else "a number", v))
            i += 2
        elif a.startswith("--"):
            raise Usage("unknown option " + a)
        else:
            dirs.append(a)
            i += 1
    if not dirs:
        raise Usage(usage)
    return threads, reps, min_time, dirs
