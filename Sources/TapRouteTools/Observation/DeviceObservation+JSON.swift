import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// Strict reading of observation files, with located diagnostics like every other input.
extension DeviceObservation {
  /// Largest observation file accepted, in bytes (the limit of a situation document).
  package static let maximumFileBytes = Situation.maximumDocumentBytes
  /// Largest string accepted in `source`, in UTF-8 bytes (the limit of a URL).
  package static let maximumSourceFieldBytes = 64 * 1024
  /// Most files read from one folder.
  package static let maximumFilesPerFolder = 10_000

  /// Parses a file holding one observation (an object) or several (an array of objects).
  package static func parse(_ bytes: [UInt8], file: String) -> Result<[DeviceObservation], DiagnosticsError> {
    JSONParser.document(bytes, file: file, what: "observation file", maximumBytes: maximumFileBytes)
      .flatMap { root in
        var reader = JSONReader(file: file, codes: .situation)
        var observations: [DeviceObservation] = []
        if let items = root.arrayValue {
          for (i, item) in items.enumerated() {
            if let o = reader.observation(item, path: JSONReader.join("$", i)) { observations.append(o) }
          }
        } else if root.objectValue != nil {
          if let o = reader.observation(root, path: "$") { observations.append(o) }
        } else {
          reader.wrongType(root, expected: "an observation object or an array of them", path: "$")
        }
        if reader.diagnostics.isEmpty { return .success(observations) }
        return .failure(DiagnosticsError(reader.sortedDiagnostics))
      }
  }

  /// Reads every observation of the given files and folders (a folder's `*.json` files,
  /// sorted by name, not recursive; `-` is standard input), reporting the problems of every
  /// file at once.
  package static func load(paths: [String]) -> Result<[DeviceObservation], DiagnosticsError> {
    var observations: [DeviceObservation] = []
    var problems: [Diagnostic] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      if path == "-" {
        switch read(path) {
        case .failure(let error): problems += error.diagnostics
        case .success(let bytes):
          switch parse(bytes, file: InputFile.standardInputName) {
          case .success(let list): observations += list
          case .failure(let error): problems += error.diagnostics
          }
        }
        continue
      }
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        problems.append(Diagnostic(file: path, code: .unreadable, message: "no such file or folder"))
        continue
      }
      var files = [path]
      if isDirectory.boolValue {
        let names: [String]
        do {
          names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }
            .sorted()
        } catch {
          problems.append(Diagnostic(file: path, code: .unreadable, message: "cannot read the folder"))
          continue
        }
        if names.count > maximumFilesPerFolder {
          problems.append(
            Diagnostic(
              file: path, code: .inputTooLarge,
              message:
                "the folder holds \(names.count) observation files; the limit is \(maximumFilesPerFolder)"))
          continue
        }
        files = names.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
      }
      for file in files {
        switch read(file) {
        case .failure(let error): problems += error.diagnostics
        case .success(let bytes):
          switch parse(bytes, file: file) {
          case .success(let list): observations += list
          case .failure(let error): problems += error.diagnostics
          }
        }
      }
    }
    return problems.isEmpty ? .success(observations) : .failure(DiagnosticsError(problems))
  }

  /// The bytes of one file (`-`: standard input) through the I/O layer, refusing one over
  /// the size limit before reading it whole.
  private static func read(_ file: String) -> Result<[UInt8], DiagnosticsError> {
    do {
      return .success(try InputFile.read(file, limit: maximumFileBytes, what: "observation file").bytes)
    } catch {
      return .failure(error)
    }
  }

  /// True for `YYYY`, `YYYY-MM` and `YYYY-MM-DD` with a real month and day.
  static func isDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts[0].utf8.count == 4,
      parts.dropFirst().allSatisfy({ $0.utf8.count == 2 }),
      parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } })
    else { return false }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count, numbers[0] >= 1970 else { return false }
    if numbers.count >= 2, !(1...12).contains(numbers[1]) { return false }
    if numbers.count == 3 {
      let (year, month, day) = (numbers[0], numbers[1], numbers[2])
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      return (1...days[month - 1]).contains(day)
    }
    return true
  }
}

extension JSONReader {
  mutating func observation(_ value: JSONValue, path: String) -> DeviceObservation? {
    guard
      let fields = object(
        value, path: path,
        allowed: ["$schema", "name", "situation", "observed", "source", "evidence", "note"])
    else { return nil }
    let before = diagnostics.count
    let name = fields["name"].flatMap { string($0, path: Self.join(path, "name")) }
    let note = fields["note"].flatMap { string($0, path: Self.join(path, "note")) }
    var situation: Situation?
    if let v = require(fields, "situation", path: path, at: value.location) {
      switch Situation.decode(v, file: file) {
      case .success(let s): situation = s
      case .failure(let failure):
        let prefix = Self.join(path, "situation")
        for var d in failure.diagnostics {
          d.path = prefix + d.path.dropFirst()
          diagnostics.append(d)
        }
      }
    }
    let observed = require(fields, "observed", path: path, at: value.location).flatMap {
      self.observed($0, path: Self.join(path, "observed"))
    }
    let source = require(fields, "source", path: path, at: value.location).flatMap {
      self.source($0, path: Self.join(path, "source"))
    }
    var evidence: [String] = []
    if let v = fields["evidence"], let items = array(v, path: Self.join(path, "evidence")) {
      for (i, item) in items.enumerated() {
        if let id = string(item, path: Self.join(Self.join(path, "evidence"), i)) { evidence.append(id) }
      }
    }
    guard let situation, let observed, let source, diagnostics.count == before else { return nil }
    let origin =
      value.location.line > 0 ? "\(file):\(value.location.line):\(value.location.column)" : file
    return DeviceObservation(
      name: name, situation: situation, observed: observed, source: source, evidence: evidence, note: note,
      origin: origin)
  }

  private mutating func callbacks(_ value: JSONValue, path: String) -> [Situation.Callback]? {
    guard let items = array(value, path: path) else { return nil }
    let choices = Situation.Callback.allCases.map { ($0.rawValue, $0) }
    var list: [Situation.Callback] = []
    var ok = true
    for (i, item) in items.enumerated() {
      if let c = choice(item, path: Self.join(path, i), what: "callback", choices: choices) {
        list.append(c)
      } else {
        ok = false
      }
    }
    return ok ? list : nil
  }

  private mutating func observed(_ value: JSONValue, path: String) -> DeviceObservation.Observed? {
    guard
      let fields = object(
        value, path: path,
        allowed: [
          "outcome", "callbacks", "notCalled", "presentation", "completion", "appCallbacks", "delivers",
          "activityType", "urlLocation",
        ])
    else { return nil }
    let before = diagnostics.count
    let outcome = require(fields, "outcome", path: path, at: value.location).flatMap {
      choice(
        $0, path: Self.join(path, "outcome"), what: "outcome",
        choices: Outcome.allCases.map { ($0.rawValue, $0) })
    }
    var observed = DeviceObservation.Observed(outcome: outcome ?? .undecided)
    if let v = fields["callbacks"] { observed.callbacks = callbacks(v, path: Self.join(path, "callbacks")) }
    if let v = fields["notCalled"] {
      observed.notCalled = callbacks(v, path: Self.join(path, "notCalled")) ?? []
    }
    if let v = fields["presentation"] {
      observed.presentation = choice(
        v, path: Self.join(path, "presentation"), what: "presentation",
        choices: Presentation.allCases.map { ($0.rawValue, $0) })
    }
    if let v = fields["completion"] { observed.completion = bool(v, path: Self.join(path, "completion")) }
    if let v = fields["appCallbacks"] {
      observed.appCallbacks = choices(
        v, path: Self.join(path, "appCallbacks"), what: "app callback",
        choices: AppCallback.allCases.map { ($0.rawValue, $0) })
    }
    if let v = fields["delivers"] {
      observed.delivers = choice(
        v, path: Self.join(path, "delivers"), what: "delivery",
        choices: Delivered.allCases.map { ($0.rawValue, $0) })
    }
    if let v = fields["activityType"] {
      observed.activityType = string(v, path: Self.join(path, "activityType"))
    }
    if let v = fields["urlLocation"] {
      observed.urlLocation = string(v, path: Self.join(path, "urlLocation"))
    }
    if let seen = observed.callbacks, let both = observed.notCalled.first(where: seen.contains) {
      error(
        .situationUnknownValue, "callback \"\(both.rawValue)\" is listed both as called and as not called",
        path: Self.join(path, "notCalled"), at: fields["notCalled"]?.location)
    }
    return outcome != nil && diagnostics.count == before ? observed : nil
  }

  private mutating func source(_ value: JSONValue, path: String) -> DeviceObservation.Source? {
    guard let members = value.objectValue else {
      wrongType(value, expected: "an object", path: path)
      return nil
    }
    let before = diagnostics.count
    var texts: [String: String] = [:]
    for member in members {
      let p = Self.join(path, member.key)
      let text: String?
      switch member.value.kind {
      case .string(let s): text = s
      case .bool(let b): text = b ? "true" : "false"
      case .number(let n): text = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
      default:
        wrongType(member.value, expected: "a string, number or boolean", path: p)
        text = nil
      }
      guard let text else { continue }
      if text.utf8.count > DeviceObservation.maximumSourceFieldBytes {
        error(
          .inputTooLarge,
          "\(member.key) is \(text.utf8.count) bytes; the limit is \(DeviceObservation.maximumSourceFieldBytes)",
          path: p, at: member.value.location)
        continue
      }
      texts[member.key] = text
    }
    for key in ["date", "device", "osBuild", "sdk", "reporter", "link"] {
      if let v = members.first(where: { $0.key == key })?.value, v.boolValue != nil || v.kind.isNumber {
        wrongType(v, expected: "a string", path: Self.join(path, key))
      }
    }
    guard let date = texts["date"] else {
      if members.first(where: { $0.key == "date" }) == nil {
        error(
          .situationMissingField, "missing required key \"date\" (YYYY-MM-DD)", path: path, at: value.location
        )
      }
      return nil
    }
    if !DeviceObservation.isDate(date) {
      error(
        .situationBadVersion, "invalid date \(Words.quoted(date)); expected YYYY-MM-DD (or YYYY-MM, YYYY)",
        path: Self.join(path, "date"), at: members.first { $0.key == "date" }?.value.location)
    }
    guard diagnostics.count == before else { return nil }
    var source = DeviceObservation.Source(
      date: date, device: texts["device"], osBuild: texts["osBuild"], sdk: texts["sdk"],
      reporter: texts["reporter"], link: texts["link"])
    for (key, text) in texts where !["date", "device", "osBuild", "sdk", "reporter", "link"].contains(key) {
      source.more[key] = text
    }
    return source
  }
}

extension JSONValue.Kind {
  fileprivate var isNumber: Bool {
    if case .number = self { return true }
    return false
  }
}

extension DeviceObservation: Codable {
  /// Reads an observation through the same strict checks as a file (locations are lost).
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    var reader = JSONReader(file: "observation", codes: .situation)
    guard let observation = reader.observation(value, path: "$"), reader.diagnostics.isEmpty else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: DiagnosticsError(reader.sortedDiagnostics).description))
    }
    self = observation
  }

  /// Writes the file format of `Policies/observations/` (without `origin`).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encodeIfPresent(name, forKey: Key("name"))
    try c.encode(situation, forKey: Key("situation"))
    var o = c.nestedContainer(keyedBy: Key.self, forKey: Key("observed"))
    try o.encode(observed.outcome, forKey: Key("outcome"))
    try o.encodeIfPresent(observed.callbacks, forKey: Key("callbacks"))
    if !observed.notCalled.isEmpty { try o.encode(observed.notCalled, forKey: Key("notCalled")) }
    try o.encodeIfPresent(observed.presentation, forKey: Key("presentation"))
    try o.encodeIfPresent(observed.completion, forKey: Key("completion"))
    try o.encodeIfPresent(observed.appCallbacks, forKey: Key("appCallbacks"))
    try o.encodeIfPresent(observed.delivers, forKey: Key("delivers"))
    try o.encodeIfPresent(observed.activityType, forKey: Key("activityType"))
    try o.encodeIfPresent(observed.urlLocation, forKey: Key("urlLocation"))
    var s = c.nestedContainer(keyedBy: Key.self, forKey: Key("source"))
    try s.encode(source.date, forKey: Key("date"))
    try s.encodeIfPresent(source.device, forKey: Key("device"))
    try s.encodeIfPresent(source.osBuild, forKey: Key("osBuild"))
    try s.encodeIfPresent(source.sdk, forKey: Key("sdk"))
    try s.encodeIfPresent(source.reporter, forKey: Key("reporter"))
    try s.encodeIfPresent(source.link, forKey: Key("link"))
    for (key, value) in source.more.sorted(by: { $0.key < $1.key }) { try s.encode(value, forKey: Key(key)) }
    if !evidence.isEmpty { try c.encode(evidence, forKey: Key("evidence")) }
    try c.encodeIfPresent(note, forKey: Key("note"))
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
