#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), io: .standard))
