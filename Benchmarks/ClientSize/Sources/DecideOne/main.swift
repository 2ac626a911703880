import TapRoute

// Decides one tap through the app-facing module alone, as an app or a Messages extension does.
let decision = Engine.builtIn.decide(Situation(event: .tap, app: .init(installed: false, published: true)))
print(decision.outcome.rawValue)
