import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("The widget and liveActivity events (issue 26)")
struct WidgetEventTests {
  static func decide(_ json: String) throws -> Decision {
    try Engine.builtIn.decide(Situation.parse(Array(json.utf8), file: "s").get())
  }

  @Test("the event alone decides: the app opens with a user activity (W-5, L-5)")
  func eventAloneDecides() throws {
    let widget = try Self.decide(#"{"event":"widget"}"#)
    #expect(widget.outcome == .containerLaunch && widget.rule == "widget/no-url")
    #expect(widget.delivery?.handoff == .userActivity)
    let activity = try Self.decide(#"{"event":"liveActivity"}"#)
    #expect(activity.outcome == .containerLaunch && activity.rule == "liveActivity/no-url")
    #expect(activity.delivery?.handoff == .userActivity)
  }

  @Test("a widgetURL reaches the app as a URL; an iOS 17 button runs its intent instead")
  func urlAndButton() throws {
    let url = try Self.decide(#"{"event":"widget","widget":{"url":"myapp://item/1"}}"#)
    #expect(url.outcome == .containerLaunch && url.delivery?.handoff == .url && url.url == "myapp://item/1")
    let button = try Self.decide(
      #"{"event":"widget","osVersion":"17","widget":{"element":"button","url":"myapp://item/1"}}"#)
    #expect(button.outcome == .intentRun && button.rule == "widget/control" && button.delivery == nil)
    let old = try Self.decide(#"{"event":"widget","osVersion":"16","widget":{"element":"button"}}"#)
    #expect(old.rule == "widget/control-before-ios17-no-url" && old.outcome == .containerLaunch)
  }

  @Test("a rule's then.url names the widgetURL, encoded, even where the Link gives no URL (W-3, N-8)")
  func widgetURLPicked() throws {
    // iOS 16: the Link is ignored by default, so the widgetURL is the decision's URL (as written:
    // iOS 16 does not percent-encode); the Link's URL is the other reading's.
    let old = try Self.decide(
      #"{"event":"widget","osVersion":"16","widget":{"element":"link","url":"myapp://l","widgetURL":"myapp://x/a b"}}"#
    )
    #expect(old.rule == "widget/link-small-before-ios17-widget-url" && old.url == "myapp://x/a b")
    #expect(old.alternatives?.map(\.url) == ["myapp://l"])
    // iOS 26, a Link given without its URL: the default reading names none; the other reading
    // names the widgetURL as the app receives it, percent-encoded, with the note.
    let new = try Self.decide(#"{"event":"widget","widget":{"element":"link","widgetURL":"myapp://x/a b"}}"#)
    #expect(new.rule == "widget/link-small-widget-url" && new.url == nil)
    #expect(new.alternatives?.map(\.url) == ["myapp://x/a%20b"])
    #expect(new.notes.contains { $0.contains("\"myapp://x/a b\" as \"myapp://x/a%20b\"") })
    // A medium widget's Link keeps its own URL; the widgetURL is not read.
    let medium = try Self.decide(
      #"{"event":"widget","widget":{"family":"systemMedium","element":"link","url":"myapp://l","widgetURL":"myapp://w"}}"#
    )
    #expect(medium.url == "myapp://l")
  }

  @Test("the contested points keep both readings (W-3, L-4)")
  func contestedReadings() throws {
    let small = try Self.decide(#"{"event":"widget","widget":{"element":"link","url":"myapp://x"}}"#)
    #expect(small.confidence == .contested && small.delivery?.handoff == .url)
    let smallOther = try #require(small.alternatives)
    #expect(smallOther.map(\.delivery?.handoff) == [.userActivity])
    let island = try Self.decide(
      #"{"event":"liveActivity","liveActivity":{"url":"myapp://o/1","urlSetOn":"dynamicIsland"}}"#)
    #expect(island.rule == "liveActivity/lock-screen-island-url" && island.delivery?.handoff == .userActivity)
    #expect(try #require(island.alternatives).map(\.delivery?.handoff) == [.url])
  }

  @Test("a part of another event is ignored, and a wrong value is located")
  func parts() throws {
    #expect(throws: (any Error).self) {
      try Situation.parse(Array(#"{"event":"widget","widget":{"family":"huge"}}"#.utf8), file: "s").get()
    }
    let other = try Self.decide(#"{"event":"liveActivity","widget":{"element":"button"}}"#)
    #expect(other.rule == "liveActivity/no-url")
  }

  @Test("value indices used on the decide path follow allCases order")
  func indicesFollowAllCases() {
    #expect(Situation.Widget.Family.allCases.map(\.index) == Array(Situation.Widget.Family.allCases.indices))
    #expect(
      Situation.Widget.Element.allCases.map(\.index) == Array(Situation.Widget.Element.allCases.indices))
    #expect(
      Situation.Widget.IntentMode.allCases.map(\.index) == Array(Situation.Widget.IntentMode.allCases.indices)
    )
    #expect(
      Situation.Widget.Location.allCases.map(\.index) == Array(Situation.Widget.Location.allCases.indices))
    #expect(
      Situation.LiveActivity.Presentation.allCases.map(\.index)
        == Array(Situation.LiveActivity.Presentation.allCases.indices))
    #expect(
      Situation.LiveActivity.URLSetOn.allCases.map(\.index)
        == Array(Situation.LiveActivity.URLSetOn.allCases.indices))
  }
}
