import Yams

/// The node tree of `text`, or nil for an empty document; refused with
/// ``YAMLExpansionError`` when it stands for more than `maximumValues` values once its
/// aliases are followed, or nests deeper than `maximumDepth`. Aliases share nodes, so a
/// few hundred bytes (`b: &b [*a, *a, …]`, nested) can stand for billions of values that
/// any reader walking the tree would visit: the walk is bounded here, once, before any
/// reader sees the tree.
public func composeBoundedYAML(_ text: String, maximumValues: Int = 200_000, maximumDepth: Int = 256) throws -> Node? {
  guard let root = try Yams.compose(yaml: text) else { return nil }
  var budget = maximumValues
  if let problem = expansionProblem(root, budget: &budget, depth: 0, maximumDepth: maximumDepth) {
    throw YAMLExpansionError(
      message: problem == .tooMany
        ? "the document expands to more than \(maximumValues) values (aliases that repeat aliases?)"
        : "the document nests deeper than \(maximumDepth) levels",
      line: root.mark?.line ?? 1, column: root.mark?.column ?? 1)
  }
  return root
}

/// A YAML document too large once its aliases are followed, or nested too deep.
public struct YAMLExpansionError: Error, Sendable {
  public var message: String
  public var line: Int
  public var column: Int
}

private enum ExpansionProblem { case tooMany, tooDeep }

private func expansionProblem(_ node: Node, budget: inout Int, depth: Int, maximumDepth: Int) -> ExpansionProblem? {
  budget -= 1
  if budget < 0 { return .tooMany }
  if depth > maximumDepth { return .tooDeep }
  switch node {
  case .scalar, .alias: return nil
  case .sequence(let sequence):
    for item in sequence {
      if let problem = expansionProblem(item, budget: &budget, depth: depth + 1, maximumDepth: maximumDepth) {
        return problem
      }
    }
  case .mapping(let mapping):
    for (key, value) in mapping {
      for part in [key, value] {
        if let problem = expansionProblem(part, budget: &budget, depth: depth + 1, maximumDepth: maximumDepth) {
          return problem
        }
      }
    }
  }
  return nil
}
