import TapRoute

extension ReferenceSwitch {
  /// Which of the container app's callbacks receive what it was handed, written by hand from
  /// DOMAIN-LINKS.md §3 and DOMAIN-SURFACES.md (U-42, W-4, W-5, W-7, T-1 to T-3): app delegate,
  /// scenes (from iOS 13) or SwiftUI (from iOS 14), cold or running. An app-delegate app built
  /// with the SDK after iOS 26 and run there does not launch (U-75). For a universal link on a
  /// cold SwiftUI app it takes the documented reading (`onOpenURL`), not the contested one.
  static func delivery(
    _ s: Situation, handoff: Situation.Handoff, version: OSVersion, sdk: OSVersion
  ) -> Result {
    var lifecycle = s.app.lifecycle
    let cold = !s.app.running
    // An iMessage-only app has no container app to deliver to (S000-5).
    if !s.app.hasContainerApp { return Result(.nothing, appCallbacks: []) }
    // The Mac and Apple Watch have neither iOS's app nor its scene delegate (W-4): a URL goes
    // to onOpenURL under SwiftUI, on the Mac else to AppKit's application(_:open:); what
    // else arrives where the switch, like the tables, does not say (nil: not computed).
    let link = handoff == .url || handoff == .universalLink
    switch s.platform {
    case .macOS where link:
      return Result(.containerLaunch, appCallbacks: lifecycle == .swiftUI ? [.onOpenURL] : [.appKitOpenURLs])
    case .macOS where handoff == .userActivity || handoff == .shortcutItem || handoff == .nothing:
      return Result(.containerLaunch)
    case .watchOS where link && lifecycle == .swiftUI:
      return Result(.containerLaunch, appCallbacks: [.onOpenURL])
    case .watchOS where link || handoff == .userActivity || handoff == .shortcutItem || handoff == .nothing:
      return Result(.containerLaunch)
    default: break
    }
    if lifecycle == .swiftUI && version.major < 14 { return Result(.nothing, appCallbacks: []) }
    if lifecycle == .appDelegate && version.major >= 27 && sdk.major >= 27 {
      return Result(.nothing, appCallbacks: [])
    }
    // Before iOS 13 there are no scenes: a scene-based app runs on its app delegate.
    if lifecycle == .scenes && version.major < 13 { lifecycle = .appDelegate }
    // On a cold launch the app delegate's launch callback comes first.
    let launch: [AppCallback] = cold && lifecycle == .appDelegate ? [.didFinishLaunching] : []
    let callbacks: [AppCallback]
    switch handoff {
    case .intent:
      callbacks = [.perform]
    case .notificationResponse:
      switch (cold, lifecycle) {
      case (false, _): callbacks = [.userNotificationCenterDidReceive]
      case (true, .scenes):
        callbacks = [.didFinishLaunching, .sceneWillConnect, .userNotificationCenterDidReceive]
      case (true, _): callbacks = [.didFinishLaunching, .userNotificationCenterDidReceive]
      }
    case .nothing:
      callbacks = !cold ? [] : lifecycle == .scenes ? [.sceneWillConnect] : launch
    case .url, .universalLink:
      let link = handoff == .universalLink
      switch lifecycle {
      case .swiftUI: callbacks = [.onOpenURL]
      case .scenes: callbacks = cold ? [.sceneWillConnect] : [link ? .sceneContinue : .sceneOpenURLContexts]
      case .appDelegate:
        // application(_:open:options:) is iOS 9 and later; before it the URL callback is
        // application(_:open:sourceApplication:annotation:) (U-42).
        let openURL: AppCallback =
          version.major < 9 ? .applicationOpenURLSourceApplication : .applicationOpenURL
        callbacks = launch + [link ? .applicationContinue : openURL]
      }
    case .userActivity:
      switch lifecycle {
      case .swiftUI: callbacks = [.onContinueUserActivity]
      case .scenes: callbacks = [cold ? .sceneWillConnect : .sceneContinue]
      case .appDelegate: callbacks = launch + [.applicationContinue]
      }
    case .shortcutItem:
      switch lifecycle {
      case .swiftUI, .scenes: callbacks = [cold ? .sceneWillConnect : .windowScenePerformAction]
      case .appDelegate: callbacks = launch + [.applicationPerformAction]
      }
    }
    return Result(.containerLaunch, appCallbacks: callbacks)
  }
}
