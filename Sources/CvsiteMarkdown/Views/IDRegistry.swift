/// The ids of one page: unique, stable for the same input, derived from titles and
/// containers, never from a global counter.
struct IDRegistry {
  private var used = Set<String>()
  private var nextSuffix: [String: Int] = [:]

  /// A unique heading id from `base` as GitHub numbers repeats: `base`, then `base-1`,
  /// `base-2`…
  mutating func claimHeading(_ base: String, fallback: String) -> String {
    let base = base.isEmpty ? fallback : base
    if used.insert(base).inserted { return base }
    var suffix = nextSuffix[base, default: 1]
    while !used.insert("\(base)-\(suffix)").inserted { suffix += 1 }
    nextSuffix[base] = suffix + 1
    return "\(base)-\(suffix)"
  }

  /// Claims an explicit `#id`; `false` when the page already has it.
  mutating func claimExplicit(_ id: String) -> Bool { used.insert(id).inserted }

  /// A unique id from `base`: `base` itself, else prefixed by the enclosing container's
  /// id, else with a `-2`, `-3`… suffix.
  mutating func claim(_ base: String, fallback: String, prefix: String?) -> String {
    let base = base.isEmpty ? fallback : base
    if used.insert(base).inserted { return base }
    var stem = base
    if let prefix, !prefix.isEmpty, !base.hasPrefix(prefix + "-") {
      stem = "\(prefix)-\(base)"
      if used.insert(stem).inserted { return stem }
    }
    var suffix = nextSuffix[stem, default: 2]
    while !used.insert("\(stem)-\(suffix)").inserted { suffix += 1 }
    nextSuffix[stem] = suffix + 1
    return "\(stem)-\(suffix)"
  }
}
