import Yams

/// Where a Yams error points and what it says: 1-based `line` and `column` within the
/// YAML text, and a message without Yams' own position prefix. Errors without a
/// position report line 1, column 1.
public func yamlErrorPosition(_ error: any Error) -> (line: Int, column: Int, message: String) {
  if let expansion = error as? YAMLExpansionError { return (expansion.line, expansion.column, expansion.message) }
  guard let error = error as? YamlError else { return (1, 1, "\(error)") }
  switch error {
  case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
    .composer(let context, let problem, let mark, _):
    if let explained = explained(context: context, problem: problem) {
      let place = explained.atContext ? context?.mark ?? mark : mark
      return (place.line, place.column, explained.message)
    }
    let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
    return (mark.line, mark.column, text)
  case .duplicatedKeysInMapping(let duplicates, let context):
    return (context.mark.line, context.mark.column, "duplicate key \(duplicates.joined(separator: ", "))")
  default:
    return (1, 1, "\(error)")
  }
}

/// The parser's words for the mistakes authors make most, said as what to do, and whether
/// the error belongs where the parser's context started (the opening quote of a value
/// that is never closed, which the parser notices only at the end of the text).
private func explained(context: YamlError.Context?, problem: String) -> (message: String, atContext: Bool)? {
  let context = context?.text ?? ""
  if context.contains("quoted scalar") {
    return ("a quoted value is not closed: its closing quote is missing", true)
  }
  if problem == "mapping values are not allowed in this context" {
    return (
      "a value holding `: ` must be in quotes (title: \"Setup: the basics\"), or the line is indented too far", false
    )
  }
  if problem.hasPrefix("found character that cannot start any token") {
    return ("a value starting with `@`, `` ` `` or a tab must be in quotes", false)
  }
  if context.contains("block mapping") && problem.contains("did not find expected key") {
    return ("this line is not a `key: value` at the indentation of the lines above it", false)
  }
  return nil
}
