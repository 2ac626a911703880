/// A fast path for ``Situation/parse(_:file:)``: the usual situation read straight from its
/// bytes, with no JSON tree, no dictionaries and no diagnostics.
///
/// It accepts only what the strict reader accepts, and reads it the same way: the known keys
/// once each, the known values, `true`/`false`, `null` where the reader allows it, strings
/// without escapes, JSON white space, within the same size limits. Anything else, valid or
/// not (an escape, an unknown or repeated key, a number, a wrong type, a bad version, invalid
/// UTF-8, a byte-order mark), makes it give up and return nil, and the strict reader then
/// decides, so every check and every located message is the strict reader's. The tests hold
/// the two to the same answer on generated and mutated documents.
extension Situation {
  /// The situation in `bytes` when it is an ordinary one; nil sends it to the strict reader.
  static func parseCommon(_ bytes: [UInt8]) -> Situation? {
    guard bytes.count <= maximumDocumentBytes else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = SituationScanner(buffer)
      return scanner.document()
    }
  }
}

/// Reads a situation byte by byte; every method returns nil (or false) to give up.
private struct SituationScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// The facts whose fields were given (``Fact/bit``s), for ``Situation/unspecified``.
  private var given: UInt32 = 0
  private var tapURLGiven = false
  private var openURLGiven = false

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func document() -> Situation? {
    skipSpace()
    guard let situation = situation() else { return nil }
    skipSpace()
    return index == bytes.count ? situation : nil
  }

  // MARK: The situation's objects

  private mutating func situation() -> Situation? {
    var situation = Situation(event: .tap)
    var seen = Seen()
    var hasEvent = false
    let ok = object { this, key in
      switch key {
      case "event":
        guard seen.first(0), let event = this.choice(Names.events) else { return false }
        situation.event = event
        hasEvent = true
      case "platform":
        guard seen.first(1), let platform = this.choice(Names.platforms) else { return false }
        situation.platform = platform
        this.given |= Fact.platform.bit
      case "osVersion":
        guard seen.first(2) else { return false }
        this.given |= Fact.osVersion.bit
        if this.null() { return true }
        guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
        situation.osVersion = version
      case "app":
        guard seen.first(3), let app = this.app() else { return false }
        situation.app = app
      case "tap":
        guard seen.first(4), let tap = this.tap() else { return false }
        situation.tap = tap
      case "open":
        guard seen.first(5), let open = this.open() else { return false }
        situation.open = open
      default:
        return false
      }
      return true
    }
    guard ok && hasEvent else { return nil }
    // As the strict reader records them: the URL facts come from the URL the event reads.
    var given = self.given
    if situation.event == .tap ? tapURLGiven : openURLGiven {
      given |= Fact.urlClass.bit | Fact.urlNeedsEncoding.bit
    }
    situation.unspecifiedMask = Fact.allBits & ~given
    return situation
  }

  private mutating func app() -> App? {
    var app = App()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "hasContainerApp": return this.flag(seen.first(0), .hasContainerApp, into: &app.hasContainerApp)
      case "installed": return this.flag(seen.first(1), .installed, into: &app.installed)
      case "enabledInMessages":
        return this.flag(seen.first(2), .enabledInMessages, into: &app.enabledInMessages)
      case "published": return this.flag(seen.first(3), .published, into: &app.published)
      case "sdkVersion":
        guard seen.first(4) else { return false }
        this.given |= Fact.sdkVersion.bit
        if this.null() { return true }
        guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
        app.sdkVersion = version
        return true
      default: return false
      }
    }
    return ok ? app : nil
  }

  private mutating func tap() -> Tap? {
    var tap = Tap()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "target":
        guard seen.first(0), let target = this.choice(Names.targets) else { return false }
        tap.target = target
        this.given |= Fact.target.bit
        return true
      case "url":
        this.tapURLGiven = true
        return seen.first(1) && this.url(into: &tap.url)
      case "extensionRunning":
        return this.flag(seen.first(2), .extensionRunning, into: &tap.extensionRunning)
      case "alreadySelected": return this.flag(seen.first(3), .alreadySelected, into: &tap.alreadySelected)
      case "afterDrawerSwipe": return this.flag(seen.first(4), .afterDrawerSwipe, into: &tap.afterDrawerSwipe)
      case "redirect":
        guard seen.first(5), let redirect = this.redirect() else { return false }
        tap.redirect = redirect
        return true
      case "transport":
        guard seen.first(6), let transport = this.choice(Names.transports) else { return false }
        tap.transport = transport
        this.given |= Fact.transport.bit
        return true
      case "layout":
        guard seen.first(7), let layout = this.choice(Names.layouts) else { return false }
        tap.layout = layout
        this.given |= Fact.layout.bit
        return true
      case "expired": return this.flag(seen.first(8), .expired, into: &tap.expired)
      case "presentationContext":
        guard seen.first(9), let context = this.choice(Names.contexts) else { return false }
        tap.presentationContext = context
        this.given |= Fact.presentationContext.bit
        return true
      default: return false
      }
    }
    return ok ? tap : nil
  }

  private mutating func redirect() -> Redirect? {
    var redirect = Redirect()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "hooks":
        guard seen.first(0), let hooks = this.hooks() else { return false }
        redirect.hooks = hooks
        return true
      case "url": return seen.first(1) && this.url(into: &redirect.url)
      default: return false
      }
    }
    return ok ? redirect : nil
  }

  private mutating func hooks() -> Redirect.Hooks? {
    var hooks = Redirect.Hooks()
    guard take(UInt8(ascii: "[")) else { return nil }
    skipSpace()
    if take(UInt8(ascii: "]")) { return hooks }
    while true {
      skipSpace()
      guard let hook = choice(Names.hooks), hooks.insert(hook) else { return nil }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "]")) ? hooks : nil
    }
  }

  private mutating func open() -> Open? {
    var open = Open()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "url":
        this.openURLGiven = true
        return seen.first(0) && this.url(into: &open.url)
      case "extensionPoint":
        guard seen.first(1), let point = this.choice(Names.extensionPoints) else { return false }
        open.extensionPoint = point
        this.given |= Fact.extensionPoint.bit
        return true
      default: return false
      }
    }
    return ok ? open : nil
  }

  // MARK: JSON

  /// The keys of one object seen so far, to give up on a repeated one.
  private struct Seen {
    private var bits: UInt16 = 0
    /// True the first time key number `bit` is seen.
    mutating func first(_ bit: UInt16) -> Bool {
      defer { bits |= 1 << bit }
      return bits & (1 << bit) == 0
    }
  }

  /// Reads an object, handing each key to `member`, which reads the value; false gives up.
  private mutating func object(_ member: (inout Self, Key) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    skipSpace()
    if take(UInt8(ascii: "}")) { return true }
    while true {
      skipSpace()
      guard let range = stringRange() else { return false }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      guard member(&self, Key(bytes: UnsafeBufferPointer(rebasing: bytes[range]))) else { return false }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}"))
    }
  }

  /// A key's bytes, matched against names in a `switch` (`case "url":`).
  private struct Key {
    var bytes: UnsafeBufferPointer<UInt8>

    static func ~= (name: StaticString, key: Key) -> Bool {
      name.withUTF8Buffer { $0.elementsEqual(key.bytes) }
    }
  }

  /// The bytes inside a string without escapes or control characters, or nil.
  private mutating func stringRange() -> Range<Int>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return start..<index - 1
      }
      // An escape or a control character: the strict reader's business.
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  /// A string that is valid UTF-8, or nil.
  private mutating func string() -> String? {
    guard let range = stringRange() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    guard UTF8Validation.firstInvalidOffset(in: text) == nil else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  /// A URL (a string or null) into `target`. Only a URL of at most ``Situation/maximumURLLength``
  /// bytes is read here: it has at most as many characters, so the strict reader's limit
  /// holds; a longer one, within the limit or not, is left to the strict reader to count.
  private mutating func url(into target: inout String?) -> Bool {
    if null() {
      target = nil
      return true
    }
    guard let range = stringRange(), range.count <= Situation.maximumURLLength else { return false }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    guard UTF8Validation.firstInvalidOffset(in: text) == nil else { return false }
    target = String(decoding: text, as: UTF8.self)
    return true
  }

  /// One of `names`, written as a string.
  private mutating func choice<T>(_ names: [([UInt8], T)]) -> T? {
    guard let range = stringRange() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    for (name, value) in names where name.elementsEqual(text) { return value }
    return nil
  }

  /// A boolean field read once (`first`), recording that `fact` was given.
  private mutating func flag(_ first: Bool, _ fact: Fact, into target: inout Bool) -> Bool {
    guard first, bool(into: &target) else { return false }
    given |= fact.bit
    return true
  }

  private mutating func bool(into target: inout Bool) -> Bool {
    if literal("true") {
      target = true
      return true
    }
    if literal("false") {
      target = false
      return true
    }
    return false
  }

  private mutating func null() -> Bool { literal("null") }

  private mutating func literal(_ word: StaticString) -> Bool {
    word.withUTF8Buffer { word in
      guard bytes.count - index >= word.count,
        UnsafeBufferPointer(rebasing: bytes[index..<index + word.count]).elementsEqual(word)
      else { return false }
      index += word.count
      return true
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
      default: return
      }
    }
  }

  /// The names of each value the situation reads, as bytes, made once.
  private enum Names {
    static let events = table(Situation.Event.self)
    static let platforms = table(Platform.self)
    static let targets = table(TapTarget.self)
    static let extensionPoints = table(ExtensionPoint.self)
    static let hooks = table(Redirect.Hook.self)
    static let transports = table(Transport.self)
    static let layouts = table(Tap.Layout.self)
    static let contexts = table(Tap.PresentationContext.self)

    private static func table<T: CaseIterable & RawRepresentable>(_: T.Type) -> [([UInt8], T)]
    where T.RawValue == String {
      T.allCases.map { (Array($0.rawValue.utf8), $0) }
    }
  }
}
