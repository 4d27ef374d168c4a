import Glibc
import PfinCLI

// A closed pipe (`pfin convert big.csv | head -1`) and a file-size limit (`ulimit -f`) then make
// write() fail with EPIPE or EFBIG, which pfin reports as an I/O error (exit 1, temporaries removed),
// instead of the process being killed by SIGPIPE or SIGXFSZ half-way through.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
exit(Pfin.run(Array(CommandLine.arguments.dropFirst())))
