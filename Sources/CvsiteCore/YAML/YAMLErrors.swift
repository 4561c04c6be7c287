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
    let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
    return (mark.line, mark.column, text)
  case .duplicatedKeysInMapping(let duplicates, let context):
    return (context.mark.line, context.mark.column, "duplicate key \(duplicates.joined(separator: ", "))")
  default:
    return (1, 1, "\(error)")
  }
}
