// Writes the code generated from `SituationCatalog` to the library:
// `swift run CatalogGenerator` from the package root. The generator does not depend on the
// library, so it runs even while the committed generated file is out of date. Then writes the
// value enums, the JSON Schemas and the docs derived from the catalog (`SituationCatalog+Enums.swift`,
// `+Schema.swift`, `+Docs.swift`).
import Foundation

let output = CommandLine.arguments.dropFirst().first ?? SituationCatalog.generatedPath
let problems = SituationCatalog.problems
if !problems.isEmpty {
  for problem in problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
  exit(1)
}
do {
  try SituationCatalog.generatedSwift().write(toFile: output, atomically: true, encoding: .utf8)
  print("wrote \(output)")
} catch {
  FileHandle.standardError.write(Data("error: cannot write \(output): \(error.localizedDescription)\n".utf8))
  exit(1)
}
if !SituationCatalog.writeDerivedFiles() { exit(1) }
