// What a client of the engine names from the AASA module comes with `import TapRoute`: the
// errors every public reader throws and the OS version a situation holds. The AASA reader,
// matcher and diff are `import TapRouteAASA` (product `TapRouteAASA`).
@_exported import struct TapRouteAASA.Diagnostic
@_exported import struct TapRouteAASA.DiagnosticsError
@_exported import struct TapRouteAASA.OSVersion
