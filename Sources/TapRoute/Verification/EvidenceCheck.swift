/// Checks that the evidence registry can be followed back to its sources, and that its
/// `uncited` markers are still true.
///
/// An entry is checkable when one of its sources has a link or a seed file and is not an
/// inference; an entry whose confidence is `inferred` may rest on an inference source alone,
/// since it claims no more than that. Both findings are warnings, so `verify --strict`
/// fails on them.
enum EvidenceCheck {
  /// The findings for `policies`, given the ids that rules, transitions and checks cite.
  static func diagnostics(_ policies: PolicySet, cited: Set<String>) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for entry in policies.evidence {
      let path = "$.evidence.\(entry.id)"
      if !entry.hasCheckableSource {
        out.append(
          Diagnostic(
            file: policies.evidenceFile, path: path, location: entry.location, severity: .warning,
            code: .uncheckableEvidence,
            message:
              "evidence \(Words.quoted(entry.id)) has no checkable source: give a source a url or a seed file (an inference alone will do only for an inferred entry)"
          ))
      }
      if entry.uncited != nil && cited.contains(entry.id) {
        out.append(
          Diagnostic(
            file: policies.evidenceFile, path: path + ".uncited", location: entry.location,
            severity: .warning,
            code: .citedButMarkedUncited,
            message:
              "evidence \(Words.quoted(entry.id)) is marked uncited, but it is cited; remove \"uncited\""))
      }
    }
    return out
  }
}
