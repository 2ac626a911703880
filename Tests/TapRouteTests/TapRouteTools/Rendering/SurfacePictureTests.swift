import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Pictures draw the surface that was tapped: the lanes come from the event's cast, the user's
/// gesture is the first arrow, and the app's callbacks say what they receive (issue 39).
@Suite("pictures of each surface")
struct SurfacePictureTests {
  /// The first fixture of each (event, outcome) pair: one decision per event and per outcome,
  /// the sample `Scripts/check-pictures.sh` renders too.
  static func sample() throws -> [Fixture] {
    var seen: Set<String> = []
    return try engine().policies.fixtures.filter {
      seen.insert("\($0.situation.event.rawValue) \($0.expected.outcome.rawValue)").inserted
    }
  }

  /// True when `situation`'s surface is in Messages: a tap, an extension's `open(url)` from
  /// Messages, a link in a message, an App Clip link in Messages.
  static func inMessages(_ situation: Situation) -> Bool {
    switch situation.event {
    case .tap: true
    case .open: situation.open.extensionPoint == .messages
    // On Android a message's link is drawn as "a message": no Messages app there.
    case .link: situation.link.from == .messages && situation.platform != .android
    case .appClip: situation.appClip.invokedFrom == .messages
    default: false
    }
  }

  @Test("each (event, outcome) draws the user's gesture on the surface first, then the system, then the app")
  func explainDrawsTheSurface() throws {
    let engine = try engine()
    let sample = try Self.sample()
    #expect(Set(sample.map(\.situation.event)) == Set(Situation.Event.allCases))
    for fixture in sample {
      let situation = fixture.situation
      let decision = engine.explain(situation)
      let cast = situation.cast
      let diagram = SequenceDiagram(decision: decision, situation: situation)
      let name = fixture.name
      #expect(
        diagram.items.first == .arrow(from: .user, to: .surface, label: cast.gesture, style: .call), "\(name)"
      )
      #expect(Array(diagram.labels.prefix(2)) == ["User", cast.surface], "\(name)")
      #expect(diagram.title.hasPrefix("What \(cast.what) does: "), "\(name)")
      #expect(diagram.participants == diagram.participants.sorted(), "\(name)")
      // Messages is drawn only where the surface is in Messages.
      #expect(
        diagram.labels.contains { $0.contains("Messages") } == Self.inMessages(situation),
        "\(name): \(diagram.labels)")
      // open(url) is drawn only for a step the open table decides (the event, or a redirect).
      let opens = diagram.items.contains {
        if case .arrow(_, _, let label, _) = $0 {
          label.contains("open(") && !label.contains("openURL")
        } else {
          false
        }
      }
      let openStep =
        situation.event == .open
        || (decision.steps ?? []).contains { $0.rule?.hasPrefix("open/") == true }
      #expect(opens == openStep, "\(name)")
      // The app's callbacks, in order, each an arrow into the app (or the App Clip), the last
      // one with what it receives.
      let callbacks = decision.steps?.compactMap(\.appCallbacks).flatMap { $0 } ?? decision.appCallbacks ?? []
      let drawn = diagram.items.compactMap { item -> String? in
        guard case .arrow(_, let to, let label, .call) = item, to == .app || to == .destination else {
          return nil
        }
        return callbacks.contains { label.hasPrefix($0.rawValue) } ? String(label.prefix { $0 != " " }) : nil
      }
      #expect(drawn == callbacks.map(\.rawValue), "\(name)")
      if let last = callbacks.last, decision.delivers != nil {
        #expect(
          diagram.items.contains {
            if case .arrow(_, _, let label, _) = $0 {
              label.hasPrefix(last.rawValue + " receives ")
            } else {
              false
            }
          }, "\(name)")
      }
      // Mermaid says the same: the user's gesture is its first arrow.
      let firstArrow = diagram.mermaid.split(separator: "\n").first { $0.contains(">>") }
      #expect(firstArrow == "  User->>Surface: \(Escaping.mermaid(cast.gesture))", "\(name)")
    }
  }

  @Test("a widget draws the widget, WidgetKit and the containing app: no Extension lane and no open(url)")
  func widgetRegression() throws {
    let widget = try #require(situation(#"{"event":"widget","widget":{"url":"myapp://item/42"}}"#))
    let diagram = SequenceDiagram(decision: try engine().explain(widget), situation: widget)
    #expect(
      diagram.labels == ["User", "widget on the Home Screen", "the system (WidgetKit)", "containing app"])
    #expect(
      diagram.items.dropFirst().first
        == .arrow(from: .surface, to: .system, label: "url \"myapp://item/42\"", style: .call))
    #expect(
      diagram.items.contains(
        .arrow(
          from: .system, to: .app,
          label:
            "scene(_:willConnectTo:options:) receives connectionOptions.urlContexts: \"myapp://item/42\"",
          style: .call)))
    let notification = try #require(situation(#"{"event":"notification"}"#))
    let tapped = SequenceDiagram(decision: try engine().explain(notification), situation: notification)
    #expect(!tapped.mermaid.contains("open(nil)") && !tapped.mermaid.contains("Extension"))
    #expect(tapped.mermaid.contains("receives a UNNotificationResponse"))
  }

  @Test("Policies/surfaces has one example per event, named after it, and DocC shows each")
  func onePicturePerSurface() throws {
    let surfaces = try PictureGallery.surfaces(in: Repo.policies)
    #expect(surfaces.map(\.situation.event) == Situation.Event.allCases)
    #expect(surfaces.allSatisfy { $0.name == $0.situation.event.rawValue })
    let article = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/Pictures.md"),
      encoding: .utf8)
    for surface in surfaces {
      #expect(article.contains("](surface-\(surface.name).svg)"), "\(surface.name)")
      #expect(
        article.contains("### " + surface.situation.cast.surface.prefix(1).uppercased()), "\(surface.name)")
    }
    // A bad example is reported with its file and place, not skipped.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("surfaces-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("surfaces"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(#"{"event":"widget","widget":{"location":"roof"}}"#.utf8).write(
      to: dir.appendingPathComponent("surfaces/widget.json"))
    #expect(throws: DiagnosticsError.self) { try PictureGallery.surfaces(in: dir) }
  }

  /// Each field that names the surface, every value given distinct words.
  static let surfaceFields: [(String, [Situation])] = {
    func each<Value>(_ event: Situation.Event, _ values: [Value], _ set: (inout Situation, Value) -> Void)
      -> [Situation]
    {
      values.map {
        var s = Situation(event: event)
        set(&s, $0)
        return s
      }
    }
    return [
      ("tap.target", each(.tap, Situation.Tap.Target.allCases) { $0.tap.target = $1 }),
      (
        "open.extensionPoint",
        each(.open, Situation.Open.ExtensionPoint.allCases) { $0.open.extensionPoint = $1 }
      ),
      ("delivery.handoff", each(.delivery, Situation.Handoff.allCases) { $0.delivery.handoff = $1 }),
      ("widget.location", each(.widget, Situation.Widget.Location.allCases) { $0.widget.location = $1 }),
      ("widget.element", each(.widget, Situation.Widget.Element.allCases) { $0.widget.element = $1 }),
      (
        "liveActivity.presentation",
        each(.liveActivity, Situation.LiveActivity.Presentation.allCases) {
          $0.liveActivity.presentation = $1
        }
      ),
      (
        "control.placement",
        each(.control, Situation.Control.Placement.allCases) { $0.control.placement = $1 }
      ),
      (
        "notification.response",
        each(.notification, Situation.Notification.Response.allCases) { $0.notification.response = $1 }
      ),
      (
        "appClip.invokedFrom",
        each(.appClip, Situation.AppClip.Invocation.allCases) { $0.appClip.invokedFrom = $1 }
      ),
      ("link.from", each(.link, Situation.Link.Source.allCases) { $0.link.from = $1 }),
      ("link.tapped", each(.link, Situation.Link.Tapped.allCases) { $0.link.tapped = $1 }),
    ]
  }()

  @Test(
    "every value of a field that names the surface has words of its own", arguments: surfaceFields.map(\.0))
  func castWords(field: String) throws {
    let situations = try #require(Self.surfaceFields.first { $0.0 == field }?.1)
    let casts = situations.map(\.cast)
    #expect(Set(casts.map(\.what)).count == casts.count, "\(casts.map(\.what))")
    for (situation, cast) in zip(situations, casts) {
      #expect(!cast.gesture.isEmpty && !cast.surface.isEmpty && !cast.actorWords.isEmpty && !cast.app.isEmpty)
      #expect(cast.surface.contains("Messages") == Self.inMessages(situation), "\(cast.surface)")
    }
  }
}
