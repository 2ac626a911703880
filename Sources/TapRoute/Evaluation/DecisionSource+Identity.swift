extension DecisionSource {
  /// The generated type or the tables object: what tells one source from another.
  package var identity: ObjectIdentifier {
    switch self {
    case .generated(let generated): ObjectIdentifier(generated.policies)
    case .tables(let tables): ObjectIdentifier(tables)
    case .builtIn: ObjectIdentifier(CompiledBuiltinPolicies.self)
    }
  }
}
