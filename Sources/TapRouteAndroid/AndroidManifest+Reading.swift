import Foundation
import TapRouteAASA

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension AndroidManifest {
  /// The namespace of Android's attributes (`android:name`, `android:host`).
  public static let androidNamespace = "http://schemas.android.com/apk/res/android"

  /// The most bytes read from one manifest: a merged manifest of a large app is a few hundred
  /// KB, so 4 MB leaves room while keeping a stray file (a log, an APK) from being parsed.
  package static let readLimit = 4 * 1024 * 1024

  /// Where a merged manifest is, for the placeholder message.
  static let mergedManifestHint =
    "pass the merged manifest, e.g. app/build/intermediates/merged_manifests/<variant>/AndroidManifest.xml"

  /// Reads an `AndroidManifest.xml`'s bytes with Foundation's `XMLParser`: the package, the
  /// activities and activity aliases, and their intent filters.
  ///
  /// Throws, with every problem located (line:column), when there is no manifest to read:
  /// malformed XML (TR820), a placeholder such as `${host}` left unexpanded (TR821), Android's
  /// binary XML from inside an APK (TR822), a root element other than `<manifest>` (TR823), a file
  /// over 4 MB (TR824), the `android:` prefix bound to another namespace or to none (TR825).
  /// Problems that leave the manifest readable (a pattern Android refuses, TR826; a bad attribute
  /// value, TR827; an element Android ignores there, TR831) come back in the check.
  public static func read(_ bytes: [UInt8], file: String) throws(DiagnosticsError) -> AndroidManifestCheck {
    try read(bytes, file: file, maximumBytes: readLimit)
  }

  /// ``read(_:file:)`` with another size limit (tests use a small one).
  package static func read(_ bytes: [UInt8], file: String, maximumBytes: Int) throws(DiagnosticsError)
    -> AndroidManifestCheck
  {
    let start = SourcePosition(line: 1, column: 1)
    // Android's binary XML starts with the chunk header RES_XML_TYPE (0x0003) and its header
    // size (0x0008), little-endian (AOSP `ResourceTypes.h`, `ResChunk_header`).
    if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
      throw DiagnosticsError([
        Diagnostic(
          file: file, location: start, code: .manifestBinary,
          message: "this is Android's binary XML (the compiled manifest inside an APK), not the text "
            + "AndroidManifest.xml: get the text form with `aapt2 dump xmltree --file AndroidManifest.xml "
            + "app.apk` or `apktool d app.apk`, or pass the merged manifest from the build")
      ])
    }
    let source = AndroidManifestSource(bytes)
    if bytes.count > maximumBytes {
      throw DiagnosticsError([
        Diagnostic(
          file: file, location: source.position(maximumBytes), code: .manifestTooLarge,
          message: "the file is \(Diagnostic.grouped(Int64(bytes.count))) bytes, over TapRoute's limit of "
            + "\(Diagnostic.grouped(Int64(maximumBytes))) bytes for a manifest; the limit is reached here")
      ])
    }
    // Foundation's XMLParser traps (in its start-element and comment callbacks) on a name or a
    // comment that is not UTF-8 when libxml2 reads the bytes as UTF-8: without a byte-order mark
    // it does unless the XML declaration names an encoding it knows (an empty or unknown
    // `encoding` is read as UTF-8 too). Rather than second-guess libxml2, a file without a UTF-16
    // or UTF-32 byte-order mark must be UTF-8, and is refused otherwise before it reaches the
    // parser: one that declares ISO-8859-1 and has non-ASCII text too (save it as UTF-8).
    if !startsWithWideByteOrderMark(bytes), let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw DiagnosticsError([
        Diagnostic(
          file: file, location: source.position(offset), code: .manifestXMLSyntax,
          message: "malformed XML: the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) is not "
            + "UTF-8; TapRoute reads a manifest without a UTF-16 byte-order mark as UTF-8: save the file as UTF-8"
        )
      ])
    }
    let parser = XMLParser(data: Data(bytes))
    let reader = AndroidManifestReader(file: file, source: source)
    parser.delegate = reader
    parser.shouldProcessNamespaces = false
    parser.shouldResolveExternalEntities = false
    let parsed = parser.parse()
    var fatal = reader.fatal
    if !parsed && !reader.aborted {
      let code = (parser.parserError as NSError?)?.code ?? 0
      fatal.append(
        Diagnostic(
          file: file,
          location: reader.errorLocation
            ?? SourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)),
          code: .manifestXMLSyntax, message: "malformed XML: \(xmlErrorText(code))"))
    }
    if parsed, fatal.isEmpty, let outer = reader.unclosed.first {
      fatal.append(
        Diagnostic(
          file: file, location: source.position(bytes.count), code: .manifestXMLSyntax,
          message: "malformed XML: the document ends before its elements are closed (<\(outer)> is "
            + "not closed)"))
    }
    if !reader.sawRoot && fatal.isEmpty {
      fatal.append(
        Diagnostic(
          file: file, location: start, code: .manifestNotManifest,
          message: "no <manifest> element: this is not an AndroidManifest.xml"))
    }
    if !fatal.isEmpty {
      throw DiagnosticsError(fatal.sorted { ($0.location ?? start) < ($1.location ?? start) })
    }
    return AndroidManifestCheck(
      manifest: reader.manifest,
      diagnostics: reader.diagnostics.sorted { ($0.location ?? start) < ($1.location ?? start) })
  }

  /// Whether the file starts with a UTF-16 or UTF-32 byte-order mark: libxml2 then converts it
  /// to UTF-8 itself (a code unit it cannot convert stops the parse with an error).
  static func startsWithWideByteOrderMark(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
  }

  /// What libxml2's error `code` (as XMLParser reports it) means, in words.
  static func xmlErrorText(_ code: Int) -> String {
    // libxml2's `xmlParserErrors`, which XMLParser.ErrorCode mirrors.
    let known: [Int: String] = [
      4: "the document is empty", 5: "the document ends before its elements are closed",
      9: "an invalid character", 26: "an undeclared entity", 38: "a \"<\" inside an attribute value",
      39: "an attribute value is not quoted", 40: "an attribute value is not closed by its quote",
      41: "an attribute has no value", 42: "an attribute is written twice", 68: "a name is expected",
      73: "\">\" is expected", 76: "an end tag does not match its start tag",
      77: "a start tag is not finished",
    ]
    return known[code].map { "\($0) (XMLParser error \(code))" } ?? "XMLParser error \(code)"
  }
}
