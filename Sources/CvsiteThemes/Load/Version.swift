/// The version of cvsite that themes declare support for (`cvsite: ">=0.1 <1.0"` in
/// `theme.yml`).
let cvsiteVersion = SemanticVersion(0, 1, 0)

/// A `major.minor.patch` version; missing parts read as zero (`0.1` is `0.1.0`).
struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  var major: Int
  var minor: Int
  var patch: Int

  init(_ major: Int, _ minor: Int, _ patch: Int) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `1`, `1.2` or `1.2.3`; `nil` for anything else.
  init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    self.init(numbers[0], numbers[1], numbers[2])
  }

  var description: String { "\(major).\(minor).\(patch)" }

  static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
    (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
  }
}

/// A range of versions: space-separated comparators that must all hold
/// (`>=0.1 <1.0`), or `^0.1` / `~0.1.2` shorthands, or one exact version.
struct VersionRange: Sendable, Hashable, CustomStringConvertible {
  enum Operator: String, Sendable, Hashable, CaseIterable {
    case greaterOrEqual = ">="
    case lessOrEqual = "<="
    case greater = ">"
    case less = "<"
    case equal = "="
  }

  struct Comparator: Sendable, Hashable {
    var op: Operator
    var version: SemanticVersion

    func admits(_ candidate: SemanticVersion) -> Bool {
      switch op {
      case .greaterOrEqual: return candidate >= version
      case .lessOrEqual: return candidate <= version
      case .greater: return candidate > version
      case .less: return candidate < version
      case .equal: return candidate == version
      }
    }
  }

  var comparators: [Comparator]
  /// The range as written.
  let text: String

  /// Parses a range; `nil` when a part is not a comparator.
  init?(parsing text: String) {
    self.text = text
    comparators = []
    let parts = text.split(whereSeparator: \.isWhitespace)
    guard !parts.isEmpty else { return nil }
    for part in parts {
      guard let parsed = Self.comparators(String(part)) else { return nil }
      comparators += parsed
    }
  }

  private static func comparators(_ part: String) -> [Comparator]? {
    if part.hasPrefix("^"), let version = SemanticVersion(parsing: String(part.dropFirst())) {
      let upper =
        version.major > 0
        ? SemanticVersion(version.major + 1, 0, 0)
        : SemanticVersion(0, version.minor + 1, 0)
      return [Comparator(op: .greaterOrEqual, version: version), Comparator(op: .less, version: upper)]
    }
    if part.hasPrefix("~"), let version = SemanticVersion(parsing: String(part.dropFirst())) {
      let upper = SemanticVersion(version.major, version.minor + 1, 0)
      return [Comparator(op: .greaterOrEqual, version: version), Comparator(op: .less, version: upper)]
    }
    for op in Operator.allCases where part.hasPrefix(op.rawValue) {
      guard let version = SemanticVersion(parsing: String(part.dropFirst(op.rawValue.count))) else { return nil }
      return [Comparator(op: op, version: version)]
    }
    guard let version = SemanticVersion(parsing: part) else { return nil }
    return [Comparator(op: .equal, version: version)]
  }

  /// Whether `version` satisfies every comparator.
  func contains(_ version: SemanticVersion) -> Bool {
    comparators.allSatisfy { $0.admits(version) }
  }

  var description: String { text }
}
