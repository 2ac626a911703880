// The names the package's own code uses for the public types nested in others (issue 37:
// a client's `import TapRoute` sees about fifteen top-level types).

package typealias AssumedFact = Decision.AssumedFact
package typealias TraceEntry = Decision.TraceEntry
package typealias Delivered = AppDelivery.Delivered
package typealias FactDeclaration = Fact.Declaration
package typealias FieldSupport = Rule.FieldSupport
package typealias ConfidenceSource = Confidence.Source
package typealias Condition = Rule.Condition
package typealias RuleOutcome = Rule.Then
package typealias EvidenceEntry = PolicySet.EvidenceEntry
package typealias DecisionTable = PolicySet.DecisionTable
