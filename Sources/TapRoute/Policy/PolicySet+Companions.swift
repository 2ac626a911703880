import Foundation
import TapRouteAASA

extension PolicySet {
  /// A companion file of a policy directory, parsed: what it is, its name and its JSON.
  package struct CompanionFile: Sendable {
    package var role: FileRole
    package var name: String
    package var value: JSONValue
  }

  /// The companion files of a set, and what the tools that read them have read, once each.
  ///
  /// The engine parses these files (a file that is not JSON is an error of the whole set) but
  /// does not read their rules: the simulator, the sticker and quick-action tools do, through
  /// ``value(_:read:)``, which keeps what they read for the set's lifetime.
  package final class Companions: @unchecked Sendable {
    package let files: [CompanionFile]
    /// The evidence ids citations may name; nil when the registry is not at hand (checked
    /// where it is loaded).
    package let knownEvidence: Set<String>?
    private let lock = NSLock()
    private var read: [String: any Sendable] = [:]

    package init(files: [CompanionFile], knownEvidence: Set<String>?) {
      self.files = files
      self.knownEvidence = knownEvidence
    }

    /// The file with `role`, if the set has one.
    package func file(_ role: FileRole) -> CompanionFile? { files.first { $0.role == role } }

    /// What `read` makes of these files, made on the first call with `key` and kept.
    package func value<Value: Sendable>(_ key: String, read: () -> Value) -> Value {
      lock.lock()
      defer { lock.unlock() }
      if let kept = self.read[key] as? Value { return kept }
      let value = read()
      self.read[key] = value
      return value
    }
  }
}
