import CvsiteCore
import Yams

/// Parses and checks `theme.yml`. Every problem is a diagnostic at the node it concerns.
struct ManifestParser {
  static let topKeys = ["name", "summary", "cvsite", "values", "containers", "leaves", "inlines", "layouts"]
  static let valueKeys = ["type", "cases", "default", "layout", "summary", "missing"]
  static let componentKeys = [
    "template", "reads", "attributes", "rules", "derive", "tag", "toc", "selects", "summary", "shorthand", "content",
  ]
  static let typeNames = ["string", "bool", "int", "number", "url", "date", "enum"]
  static let ruleNames = ["unique", "at-most-one", "exactly-one"]

  var reader: YAMLReader
  let version: SemanticVersion

  init(path: String, text: String, version: SemanticVersion = cvsiteVersion) {
    reader = YAMLReader(path: path, text: text)
    self.version = version
  }

  /// The manifest, or `nil` when it has errors.
  static func parse(_ text: String, path: String, version: SemanticVersion = cvsiteVersion) -> (
    ThemeManifest?, [Diagnostic]
  ) {
    var parser = ManifestParser(path: path, text: text, version: version)
    let manifest = parser.parse(text)
    let diagnostics = parser.reader.diagnostics
    return (diagnostics.hasErrors ? nil : manifest, diagnostics)
  }

  mutating func parse(_ text: String) -> ThemeManifest? {
    guard let root = reader.compose(text) else { return nil }
    var manifest = ThemeManifest(name: "", values: [], components: [], layouts: ["page"])
    var sawVersion = false
    var pending: [(ComponentSpec.Kind, String, Node, Node)] = []
    for (key, keyNode, value) in reader.mapping(root, "theme.yml", allowed: Self.topKeys) {
      switch key {
      case "name": manifest.name = reader.string(value, "`name`") ?? ""
      case "summary": manifest.summary = reader.string(value, "`summary`")
      case "cvsite":
        sawVersion = true
        manifest.supportedVersions = versionRange(value)
      case "values":
        for (name, nameNode, spec) in reader.mapping(value, "`values`") {
          if let declaration = valueDeclaration(name, nameNode, spec) { manifest.values.append(declaration) }
        }
      case "containers", "leaves", "inlines":
        let kind: ComponentSpec.Kind = key == "containers" ? .container : key == "leaves" ? .leaf : .inline
        for (name, nameNode, spec) in reader.mapping(value, "`\(key)`") { pending.append((kind, name, nameNode, spec)) }
      case "layouts":
        let layouts = reader.strings(value, "`layouts`")
        manifest.layouts = layouts.map(\.0)
        for (layout, node) in layouts { manifest.layoutLocations[layout] = reader.location(node) }
      default:
        _ = keyNode
      }
    }
    if !sawVersion {
      reader.error("theme.yml must state the cvsite versions it supports (`cvsite: \">=0.1 <1.0\"`)", at: root)
    }
    let values = Dictionary(manifest.values.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for (kind, name, nameNode, spec) in pending {
      if let component = component(kind, name, nameNode, spec, values: values) {
        manifest.components.append(component)
      }
    }
    return manifest
  }

  mutating func versionRange(_ node: Node) -> VersionRange? {
    guard let text = reader.string(node, "`cvsite`") else { return nil }
    guard let range = VersionRange(parsing: text) else {
      reader.error("`\(text)` is not a version range (write e.g. `>=0.1 <1.0`)", at: node)
      return nil
    }
    if !range.contains(version) {
      reader.error("this theme supports cvsite \(text), but this is cvsite \(version)", at: node)
    }
    return range
  }

  // MARK: Values

  /// `name: string`, `name: [a, b]` (an enum) or a mapping with `type`, `cases`,
  /// `default`, `layout`, `summary`.
  mutating func valueDeclaration(_ name: String, _ nameNode: Node, _ spec: Node) -> ValueDeclaration? {
    guard isValidName(name) else {
      reader.error("`\(name)` is not a valid value name (letters, digits, `-`, `_`, `.`)", at: nameNode)
      return nil
    }
    if let scalar = spec.scalar {
      guard let type = valueType(scalar.string, cases: nil, at: spec, casesNode: nil) else { return nil }
      return ValueDeclaration(name: name, type: type, defaultValue: nil)
    }
    if spec.sequence != nil {
      let cases = reader.strings(spec, "the cases of `\(name)`").map(\.0)
      guard let type = valueType("enum", cases: cases, at: spec, casesNode: spec) else { return nil }
      return ValueDeclaration(name: name, type: type, defaultValue: nil)
    }
    var typeName: String?
    var typeNode: Node?
    var cases: [String]?
    var casesNode: Node?
    var defaultNode: Node?
    var isLayout = false
    var summary: String?
    var whenMissing: String?
    for (key, _, value) in reader.mapping(spec, "value `\(name)`", allowed: Self.valueKeys) {
      switch key {
      case "type":
        typeName = reader.string(value, "`type`")
        typeNode = value
      case "cases":
        cases = reader.strings(value, "`cases`").map(\.0)
        casesNode = value
      case "default": defaultNode = value
      case "layout":
        guard let flag = value.scalar.flatMap({ Bool(yamlBool: $0.string) }) else {
          reader.error("`layout` must be true or false", at: value)
          continue
        }
        isLayout = flag
      case "missing": whenMissing = reader.string(value, "`missing`")
      default: summary = reader.string(value, "`summary`")
      }
    }
    if typeName == nil, cases != nil { typeName = "enum" }
    guard let typeName else {
      reader.error("value `\(name)` needs a `type` (one of \(Self.typeNames.joined(separator: ", ")))", at: nameNode)
      return nil
    }
    guard let type = valueType(typeName, cases: cases, at: typeNode ?? spec, casesNode: casesNode) else { return nil }
    var defaultValue: TypedValue?
    if let defaultNode {
      guard let typed = typedDefault(defaultNode, type: type, name: name) else { return nil }
      defaultValue = typed
    }
    return ValueDeclaration(
      name: name, type: type, defaultValue: defaultValue, isLayout: isLayout, summary: summary,
      whenMissing: whenMissing)
  }

  mutating func valueType(_ name: String, cases: [String]?, at node: Node, casesNode: Node?) -> ValueType? {
    switch name {
    case "string": return .string
    case "bool": return .bool
    case "int": return .int
    case "number": return .number
    case "url": return .url
    case "date": return .date
    case "enum":
      guard let cases, !cases.isEmpty else {
        reader.error("an enum value needs its `cases` (`cases: [a, b]`)", at: casesNode ?? node)
        return nil
      }
      var seen = Set<String>()
      for item in cases where !seen.insert(item).inserted {
        reader.error("enum case `\(item)` is listed twice", at: casesNode ?? node)
        return nil
      }
      return .enumeration(cases)
    default:
      reader.error(
        "unknown value type `\(name)` (one of \(Self.typeNames.joined(separator: ", ")))", at: node,
        suggestion: closest(name, Self.typeNames))
      return nil
    }
  }

  /// A default checked against its type.
  mutating func typedDefault(_ node: Node, type: ValueType, name: String, isDefault: Bool = true) -> TypedValue? {
    guard let text = reader.string(node, "the default of `\(name)`") else { return nil }
    guard let value = TypedValue(parsing: text, as: type) else {
      let subject = isDefault ? "default `\(text)` of `\(name)`" : "`\(text)` for `\(name)`"
      if case .enumeration(let cases) = type {
        reader.error(
          "\(subject) is not one of its cases (\(cases.joined(separator: ", ")))", at: node,
          suggestion: closest(text, cases))
      } else {
        reader.error("\(subject) is not a valid \(type.displayName)", at: node)
      }
      return nil
    }
    return value
  }

  func isValidName(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
      && !name.hasSuffix(".")
  }
}

extension Bool {
  /// YAML 1.2 core-schema booleans (and `yes`/`no`).
  init?(yamlBool text: String) {
    switch text.lowercased() {
    case "true", "yes", "on": self = true
    case "false", "no", "off": self = false
    default: return nil
    }
  }
}

extension ValueType {
  var displayName: String {
    switch self {
    case .string: return "string"
    case .bool: return "bool (true or false)"
    case .int: return "int (a whole number)"
    case .number: return "number"
    case .url: return "url"
    case .date: return "date (like 2024-05-01)"
    case .enumeration: return "enum case"
    }
  }
}

extension TypedValue {
  /// Text as a manifest writes it, typed; `nil` when it does not fit the type.
  init?(parsing text: String, as type: ValueType) {
    switch type {
    case .string: self = .string(text)
    case .bool:
      guard let flag = Bool(yamlBool: text) else { return nil }
      self = .bool(flag)
    case .int:
      guard let number = Int(text) else { return nil }
      self = .int(number)
    case .number:
      guard let number = Double(text), number.isFinite else { return nil }
      self = .number(number)
    case .url:
      guard !text.contains(where: \.isWhitespace), !text.lowercased().hasPrefix("javascript:") else { return nil }
      self = .url(text)
    case .date:
      guard isISODate(text) else { return nil }
      self = .date(text)
    case .enumeration(let cases):
      guard cases.contains(text) else { return nil }
      self = .enumCase(text)
    }
  }
}

/// `YYYY-MM-DD`, optionally followed by a time.
func isISODate(_ text: String) -> Bool {
  let bytes = Array(text.utf8)
  guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
  let digits = [0, 1, 2, 3, 5, 6, 8, 9]
  guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }) else { return false }
  return bytes.count == 10 || bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ")
}
