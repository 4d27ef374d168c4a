import Glibc
import PfinCLI

exit(Pfin.run(Array(CommandLine.arguments.dropFirst())))
