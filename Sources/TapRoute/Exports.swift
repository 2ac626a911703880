// `import TapRoute` brings the AASA reader and matcher, diagnostics and OS versions with it,
// as before they had a module of their own.
@_exported import TapRouteAASA
