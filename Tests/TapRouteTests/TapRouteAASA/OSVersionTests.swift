import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteAASA
@testable import TapRouteTools

@Suite("OSVersion: validated components, a total order on every platform")
struct OSVersionTests {
  static let maximum = OSVersion.maximumComponent

  static let components: [(name: String, major: Int, minor: Int, patch: Int, error: OSVersion.Error?)] = [
    ("zero", 0, 0, 0, nil),
    ("ordinary", 17, 4, 1, nil),
    ("every component at the maximum", maximum, maximum, maximum, nil),
    (
      "minor one past the maximum", 17, maximum + 1, 0, OSVersion.Error(component: .minor, value: maximum + 1)
    ),
    (
      "minor 2^17, which packed into the major before", 17, 131_072, 0,
      .init(component: .minor, value: 131_072)
    ),
    ("Int.max major, which decided as iOS 9 before", Int.max, 0, 0, .init(component: .major, value: Int.max)),
    ("negative patch", 1, 2, -1, .init(component: .patch, value: -1)),
    ("Int.min major reported before a bad minor", Int.min, -5, 0, .init(component: .major, value: Int.min)),
  ]

  @Test("the initializer takes exactly what the parser takes", arguments: components.indices)
  func initializerValidates(_ i: Int) {
    let row = Self.components[i]
    let parsed = OSVersion(parsing: "\(row.major).\(row.minor).\(row.patch)")
    do {
      let version = try OSVersion(row.major, row.minor, row.patch)
      #expect(row.error == nil, "\(row.name)")
      #expect(
        version.major == row.major && version.minor == row.minor && version.patch == row.patch, "\(row.name)")
      #expect(parsed == version, "\(row.name)")
    } catch {
      #expect(error == row.error, "\(row.name)")
      #expect(parsed == nil, "\(row.name): the parser accepts what the initializer refuses")
    }
  }

  @Test func errorSaysWhichComponent() {
    #expect(
      OSVersion.Error(component: .minor, value: 131_072).description
        == "OS version minor component 131072 is out of range 0...99999")
  }

  @Test("ordering does not depend on the width of Int")
  func highComponentsOrder() throws {
    #expect(try OSVersion(17) < OSVersion(18))
    #expect(try OSVersion(17, Self.maximum, Self.maximum) < OSVersion(18))
    #expect(
      try OSVersion(Self.maximum, Self.maximum, Self.maximum - 1)
        < OSVersion(Self.maximum, Self.maximum, Self.maximum))
    #expect(try OSVersion(10) == OSVersion(parsing: "10.0.0"))
  }

  @Test("a major-version range at the maximum is open above")
  func rangeAtTheMaximum() throws {
    let range = try VersionRange.parse("\(Self.maximum)").get()
    #expect(try range == VersionRange(lower: OSVersion(Self.maximum), upper: nil))
    #expect(try range.contains(OSVersion(Self.maximum, Self.maximum, Self.maximum)))
  }

  /// A random version; one component in four is a bound (0, 1, maximum - 1, maximum).
  static func version(_ rng: inout SeededRandom) throws -> OSVersion {
    func component() -> Int {
      let bounds = [0, 1, maximum - 1, maximum]
      return rng.next() % 4 == 0
        ? bounds[Int(rng.next() % 4)] : Int(rng.next() % UInt64(rng.next() % 2 == 0 ? 30 : maximum + 1))
    }
    return try OSVersion(component(), component(), component())
  }

  @Test("ordering is a total order consistent with the components, parsing and description")
  func totalOrder() throws {
    var rng = SeededRandom(seed: 0x05_7E55)
    var versions: [OSVersion] = try [OSVersion(0), OSVersion(Self.maximum, Self.maximum, Self.maximum)]
    for _ in 0..<300 { versions.append(try Self.version(&rng)) }
    for a in versions {
      #expect(OSVersion(parsing: a.description) == a, "\(a) does not round-trip through its description")
      #expect(try JSONDecoder().decode(OSVersion.self, from: JSONEncoder().encode(a)) == a)
      for b in versions {
        let relations = [a < b, a == b, b < a].filter { $0 }.count
        #expect(relations == 1, "\(a) and \(b): trichotomy fails")
        let byComponents = [a.major, a.minor, a.patch].lexicographicallyPrecedes([b.major, b.minor, b.patch])
        #expect((a < b) == byComponents, "\(a) < \(b) disagrees with the components")
        #expect((a == b) == ((a.major, a.minor, a.patch) == (b.major, b.minor, b.patch)))
        if a == b { #expect(a.hashValue == b.hashValue) }
      }
    }
    for _ in 0..<2_000 {
      let (a, b, c) = (
        versions[Int(rng.next() % UInt64(versions.count))],
        versions[Int(rng.next() % UInt64(versions.count))],
        versions[Int(rng.next() % UInt64(versions.count))]
      )
      if a < b && b < c { #expect(a < c, "\(a) < \(b) < \(c) but not \(a) < \(c)") }
    }
  }
}
