import Glibc
import PfinCLI

// A closed pipe (`pfin convert big.csv | head -1`) and a file-size limit (`ulimit -f`) then make
// write() fail with EPIPE or EFBIG, which pfin reports as an I/O error (exit 1, temporaries removed),
// instead of the process being killed by SIGPIPE or SIGXFSZ half-way through.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)

// The signals that end a run (and remove its temporaries) are deliverable, whatever mask the parent
// left: a program started by Foundation's Process from a Dispatch thread inherits that thread's
// mask, with nearly every signal blocked, and would otherwise ignore SIGTERM and Ctrl-C.
var ending = sigset_t()
sigemptyset(&ending)
for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&ending, s) }
pthread_sigmask(SIG_UNBLOCK, &ending, nil)

exit(Pfin.run(Array(CommandLine.arguments.dropFirst())))
