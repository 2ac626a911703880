/// `taproute matrix [FILE|-] [--json|--markdown]`: what every kind of recipient sees when
/// they tap the message `input` describes (its `app` and `tap` parts). Exit 0, or 2 on bad
/// input (every problem located; with `--json` as JSON on standard output).
package func runMatrix(input: [UInt8], file: String, format: MatrixText.Format, engine: Engine)
  -> CommandOutput
{
  switch Matrix.parseMessage(input, file: file) {
  case .failure(let error): return .badInput(error.diagnostics, json: format == .json)
  case .success(let message):
    let matrix = Matrix(message: message, engine: engine)
    return CommandOutput(output: MatrixText.render(matrix, format: format), exit: 0)
  }
}
