import TapRouteAASA

extension PolicySet {
  /// A registered piece of evidence a rule may cite, with the sources a reader can follow.
  public struct EvidenceEntry: Sendable, Hashable {
    /// The id rules cite (`S004-10`, `D-3`), unique in the registry.
    public internal(set) var id: String
    /// What the evidence says, in one sentence.
    public internal(set) var claim: String
    /// How sure the sources make the claim.
    public internal(set) var confidence: Confidence
    /// Where the claim comes from, strongest first; never empty in a loaded registry.
    public internal(set) var sources: [Source]
    /// What a reader should know about the entry as a whole (a caveat, what it contests).
    public internal(set) var note: String?
    /// Why no rule cites the entry (context only, or a rule still to come); nil when the
    /// entry should be cited. `verify` does not report such an entry as uncited, and reports
    /// the marker once a rule does cite it.
    public internal(set) var uncited: String?
    /// Where the entry is written in `evidence.json`.
    public internal(set) var location: SourcePosition

    package init(
      id: String, claim: String, confidence: Confidence, sources: [Source], note: String? = nil,
      uncited: String? = nil, location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.id = id
      self.claim = claim
      self.confidence = confidence
      self.sources = sources
      self.note = note
      self.uncited = uncited
      self.location = location
    }

    /// The sources' titles on one line, in place of the registry's former free-text `source`.
    @available(
      *, deprecated, message: "read `sources`: each has a kind, title, link or seed file, date and platforms"
    )
    public var source: String { sources.map(\.title).joined(separator: "; ") }

    /// True when a reader can follow the claim back to where it came from: some source has a
    /// link or a seed file and is not an inference, or the entry claims no more than an
    /// inference (`inferred`) and says whose inference it is.
    public var hasCheckableSource: Bool {
      sources.contains { $0.isCheckable }
        || (confidence == .inferred && sources.contains { $0.kind == .inference })
    }

    /// One source of a claim: what it is, where to find it, when, and which systems it speaks of.
    public struct Source: Sendable, Hashable {
      /// What kind of source it is.
      public enum Kind: String, Sendable, Hashable, CaseIterable {
        case appleDocumentation
        /// Google's documentation: developer.android.com, Chrome's docs, the Android API
        /// reference, Google's lint checks.
        case googleDocumentation
        /// The Android Open Source Project's source and commits (android.googlesource.com or a
        /// public mirror).
        case androidSource
        case sdkHeader
        case wwdcSession
        case radar
        case forumThread
        case blog
        case publicCode
        case deviceTrace
        /// One of the seed documents the project started from (`seeds/NNN_<hex>.txt`).
        case seed
        /// A conclusion drawn from other evidence, not a report; checkable only as reasoning.
        case inference
      }

      /// What kind of source it is.
      public internal(set) var kind: Kind
      /// The source's title, as a reader would search for it.
      public internal(set) var title: String
      /// An `http` or `https` link, when the source is public.
      public internal(set) var url: String?
      /// A seed document's file name (`seeds/004_fd431b1385257897.txt`), for a seed or an
      /// inference drawn in one.
      public internal(set) var file: String?
      /// When the source was written: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; nil when undated.
      public internal(set) var date: String?
      /// The platforms and OS versions the source speaks of, as it words them (`iOS 10+`).
      public internal(set) var platforms: [String]
      /// A caveat: what was not verified, where a copy was found.
      public internal(set) var note: String?
      /// The source's own words that support the claim, verbatim and in the source's language.
      public internal(set) var quote: String?
      /// An English rendering of ``quote`` when the source is not in English.
      public internal(set) var quoteEnglish: String?
      /// Where in the source ``quote`` stands: a section, a heading, a line or a timestamp.
      public internal(set) var quoteLocation: String?
      /// Where the source is written in `evidence.json`.
      public internal(set) var location: SourcePosition

      package init(
        kind: Kind, title: String, url: String? = nil, file: String? = nil, date: String? = nil,
        platforms: [String] = [], note: String? = nil, quote: String? = nil, quoteEnglish: String? = nil,
        quoteLocation: String? = nil, location: SourcePosition = SourcePosition(line: 0, column: 0)
      ) {
        self.kind = kind
        self.title = title
        self.url = url
        self.file = file
        self.date = date
        self.platforms = platforms
        self.note = note
        self.quote = quote
        self.quoteEnglish = quoteEnglish
        self.quoteLocation = quoteLocation
        self.location = location
      }

      /// True when a reader can follow it: a link or a seed file, and not an inference.
      public var isCheckable: Bool { kind != .inference && (url != nil || file != nil) }
    }
  }
}
