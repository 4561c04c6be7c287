import CvsiteCore
import Yams

extension ManifestParser {
  /// One container, leaf or inline: template, reads, attributes, rules, derived
  /// values, tag and selection.
  mutating func component(
    _ kind: ComponentSpec.Kind, _ name: String, _ nameNode: Node, _ spec: Node, values: [String: ValueDeclaration]
  ) -> ComponentSpec? {
    guard isValidName(name), !name.contains(".") else {
      reader.error("`\(name)` is not a valid directive name", at: nameNode)
      return nil
    }
    var result = ComponentSpec(
      kind: kind, declaration: ContainerDeclaration(name: name, reads: []),
      template: kind == .inline ? nil : (kind == .leaf ? "leaves/\(name)" : "containers/\(name)"), derived: [],
      tag: nil, selects: nil, location: reader.location(nameNode))
    let pairs =
      spec.scalar?.string.isEmpty == true || spec.null != nil
      ? []
      : reader.mapping(
        spec, "`\(name)`", allowed: Self.componentKeys)
    var readNodes: [String: Node] = [:]
    for (key, _, value) in pairs where key == "reads" {
      for (read, node) in reader.strings(value, "`reads`") {
        guard isDeclared(read, values) else {
          reader.error(
            "`\(name)` reads `\(read)`, which no value declares", at: node,
            suggestion: closest(read, values.keys.sorted()))
          continue
        }
        result.declaration.reads.append(read)
        readNodes[read] = node
      }
    }
    for (key, _, value) in pairs {
      switch key {
      case "template":
        guard let template = reader.string(value, "`template`") else { continue }
        result.template = template.hasSuffix(".mustache") ? String(template.dropLast(9)) : template
        result.location = reader.location(value)
      case "attributes":
        for (attribute, attributeNode, attributeSpec) in reader.mapping(value, "`attributes`") {
          if let declaration = valueDeclaration(attribute, attributeNode, attributeSpec) {
            result.declaration.attributes.append(declaration)
          }
        }
      case "rules":
        let items = value.sequence.map(Array.init) ?? [value]
        for item in items {
          if let rule = childRule(item, container: name, reads: result.declaration.reads, values: values) {
            result.declaration.rules.append(rule)
          }
        }
      case "derive":
        for (target, targetNode, ruleNode) in reader.mapping(value, "`derive`") {
          guard result.declaration.reads.contains(target) else {
            reader.error("`derive` names `\(target)`, which `\(name)` does not read", at: targetNode)
            continue
          }
          if let rule = derivation(ruleNode, reads: result.declaration.reads) { result.derived.append((target, rule)) }
        }
      case "tag":
        result.tag = readValueName(value, key: key, container: name, reads: result.declaration.reads)
      case "toc":
        result.tocLabel = readValueName(value, key: key, container: name, reads: result.declaration.reads)
      case "selects":
        result.selects = selector(value, container: name, reads: result.declaration.reads, values: values)
      case "summary": result.declaration.summary = reader.string(value, "`summary`")
      default: break
      }
    }
    for (key, _, value) in pairs where key == "content" {
      switch reader.string(value, "`content`") {
      case "whole": result.declaration.keepsContentWhole = true
      case "split", nil: break
      case let other?:
        reader.error(
          "`content` is `split` (one subview per section, block or item) or `whole`, not `\(other)`", at: value,
          suggestion: closest(other, ["split", "whole"]))
      }
    }
    for (key, _, value) in pairs where key == "shorthand" {
      guard let attribute = reader.string(value, "`shorthand`") else { continue }
      guard let declaration = result.declaration.attributes.first(where: { $0.name == attribute }),
        case .enumeration = declaration.type
      else {
        reader.error(
          "`shorthand` names `\(attribute)`, which is no enum attribute of `\(name)`", at: value,
          suggestion: closest(attribute, result.declaration.attributes.map(\.name)))
        continue
      }
      result.declaration.shorthand = attribute
    }
    return result
  }

  /// A setting whose value names one of the values the container reads (`tag: value`,
  /// `toc: label`); `nil`, with a diagnostic, when it names another.
  mutating func readValueName(_ node: Node, key: String, container: String, reads: [String]) -> String? {
    guard let name = reader.string(node, "`\(key)`") else { return nil }
    guard reads.contains(name) else {
      reader.error("`\(key)` names `\(name)`, which `\(container)` does not read", at: node)
      return nil
    }
    return name
  }

  func isDeclared(_ name: String, _ values: [String: ValueDeclaration]) -> Bool {
    values[name] != nil || values.keys.contains { $0.hasPrefix(name + ".") }
  }

  /// `unique: value`, `at-most-one: default`, `at-most-one: {status: current}`,
  /// `exactly-one: {status: current}`.
  mutating func childRule(
    _ node: Node, container: String, reads: [String], values: [String: ValueDeclaration]
  ) -> ChildRule? {
    let pairs = reader.mapping(node, "a rule", allowed: Self.ruleNames)
    guard pairs.count == 1, let (kind, _, target) = pairs.first else {
      if !pairs.isEmpty { reader.error("write one rule per list item", at: node) }
      return nil
    }
    if let name = target.scalar?.string {
      guard check(name, at: target, container: container, reads: reads), let declaration = values[name] else {
        return nil
      }
      switch kind {
      case "unique": return .unique(name)
      case "at-most-one": return .atMostOne(name, declaration.type == .bool ? .bool(true) : nil)
      default:
        guard declaration.type == .bool else {
          reader.error("`exactly-one` needs a value to count (`exactly-one: {\(name): …}`)", at: target)
          return nil
        }
        return .exactlyOne(name, .bool(true))
      }
    }
    guard let (name, value) = selector(target, container: container, reads: reads, values: values) else { return nil }
    switch kind {
    case "unique":
      reader.error("`unique` takes a value name (`unique: \(name)`)", at: target)
      return nil
    case "at-most-one": return .atMostOne(name, value)
    default: return .exactlyOne(name, value)
    }
  }

  /// `{status: current}` (or just `default` for a bool): a value and the case it must have.
  mutating func selector(
    _ node: Node, container: String, reads: [String], values: [String: ValueDeclaration]
  ) -> (String, TypedValue)? {
    if let name = node.scalar?.string {
      guard check(name, at: node, container: container, reads: reads), let declaration = values[name] else {
        return nil
      }
      guard declaration.type == .bool else {
        reader.error("name the case too (`{\(name): …}`): `\(name)` is not a bool", at: node)
        return nil
      }
      return (name, .bool(true))
    }
    let pairs = reader.mapping(node, "a value selector")
    guard pairs.count == 1, let (name, nameNode, valueNode) = pairs.first else {
      reader.error("a selector names one value and one case (`{status: current}`)", at: node)
      return nil
    }
    guard check(name, at: nameNode, container: container, reads: reads), let declaration = values[name] else {
      return nil
    }
    guard let value = typedDefault(valueNode, type: declaration.type, name: name, isDefault: false) else { return nil }
    return (name, value)
  }

  mutating func check(_ name: String, at node: Node, container: String, reads: [String]) -> Bool {
    guard reads.contains(name) else {
      reader.error(
        "the rule names `\(name)`, which `\(container)` does not read", at: node, suggestion: closest(name, reads))
      return false
    }
    return true
  }

  /// `title`, `id`, or `slug(NAME)` where NAME is `title` or a value the container reads.
  mutating func derivation(_ node: Node, reads: [String]) -> Derivation? {
    guard let text = reader.string(node, "a derivation") else { return nil }
    switch text {
    case "title": return .title
    case "id": return .id
    default:
      if text.hasPrefix("slug("), text.hasSuffix(")") {
        let source = String(text.dropFirst(5).dropLast())
        if source == "title" || reads.contains(source) { return .slug(source) }
        reader.error("`slug(\(source))`: `\(source)` is neither `title` nor a value this container reads", at: node)
        return nil
      }
      reader.error("unknown derivation `\(text)` (one of `title`, `id`, `slug(NAME)`)", at: node)
      return nil
    }
  }
}
