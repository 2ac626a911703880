@_spi(Generated) import TapRoute
import TapRouteTools

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A write to a closed pipe then fails with EPIPE, reported as TR003, instead of killing the
// process with SIGPIPE.
FileDescriptor.ignoreBrokenPipeSignal()
exit(CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
