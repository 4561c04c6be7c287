import CvsiteCore
import Foundation

/// Builds the template context of one container instance. The shape is documented on
/// ``ThemeRenderer``; everything a template prints with `{{…}}` is escaped by Mustache,
/// and only `label`, `title` and `body` hold HTML meant for `{{{…}}}`.
///
/// Made once per component when the theme loads: what it reads, and every value's
/// dotted name already split, so rendering a container does no schema work.
struct ContainerContext: Sendable {
  let spec: ComponentSpec
  let values: [String: ValueDeclaration]
  /// The declarations behind `spec`'s reads, groups expanded, in read order.
  let readDeclarations: [ValueDeclaration]
  /// Dotted names (values and attributes) split at their dots.
  let paths: [String: [String]]
  /// The names a child's resolved values can have (read, else derived), sorted: a
  /// child's values are worked out in slots in this order.
  let resolvedNames: [String]
  /// The slot of each read declaration, in read order.
  let readSlots: [(slot: Int, declaration: ValueDeclaration)]
  /// The derived values, in order: the slot each fills, its rule, the slot a slug reads
  /// (`nil` for the title, or a value no slot holds) and the type its text is read as
  /// (`nil` when the theme declares no such value: never set).
  let derivedSlots: [(slot: Int, name: String, rule: Derivation, source: Int?, type: ValueType?)]
  /// The optional members the component's templates can read; the others are not built.
  var parts: ContextParts

  init(spec: ComponentSpec, values: [String: ValueDeclaration], parts: ContextParts = .all) {
    self.spec = spec
    self.values = values
    self.parts = parts
    func declarations(read name: String) -> [ValueDeclaration] {
      if let declaration = values[name] { return [declaration] }
      return values.values.filter { $0.name.hasPrefix(name + ".") }.sorted { $0.name < $1.name }
    }
    readDeclarations = spec.declaration.reads.flatMap(declarations(read:))
    var paths: [String: [String]] = [:]
    for name in Array(values.keys) + spec.declaration.attributes.map(\.name) {
      paths[name] = name.split(separator: ".").map(String.init)
    }
    self.paths = paths
    resolvedNames = Set(readDeclarations.map(\.name) + spec.derived.map(\.name)).sorted()
    let slots = Dictionary(uniqueKeysWithValues: resolvedNames.enumerated().map { ($1, $0) })
    readSlots = readDeclarations.compactMap { declaration in slots[declaration.name].map { ($0, declaration) } }
    derivedSlots = spec.derived.compactMap { name, rule in
      guard let slot = slots[name] else { return nil }
      var source: Int?
      if case .slug(let name) = rule, name != "title" { source = slots[name] }
      return (slot, name, rule, source, values[name]?.type)
    }
  }

  /// `resolved`: each child's values (``resolve(_:)``), when the caller has them.
  func make(_ instance: ContainerInstance, resolved known: [[(String, TypedValue)]]? = nil) -> TemplateValue {
    let attributes = spec.declaration.attributes
    var attrs: TemplateValue = [:]
    var attrIs: TemplateValue = [:]
    var attrSplit: TemplateValue = [:]
    for declaration in attributes {
      guard let value = instance.attributes[declaration.name] ?? declaration.defaultValue else { continue }
      put(value, named: declaration.name, type: declaration.type, into: &attrs, is: &attrIs, split: &attrSplit, parts)
    }
    let resolved = known ?? instance.children.map { resolve($0) }
    let selectedIndex = selection(resolved)
    var subviews: [TemplateValue] = []
    var counts: [String: [String: Int]] = [:]
    for (offset, child) in instance.children.enumerated() {
      var subview = subviewContext(child, resolved: resolved[offset], headingLevel: instance.childHeadingLevel)
      subview.append(new: "first", .bool(offset == 0))
      subview.append(new: "last", .bool(offset == instance.children.count - 1))
      subview.append(new: "isSelected", .bool(offset == selectedIndex))
      subviews.append(.object(subview))
      guard parts.counts else { continue }
      for (name, value) in resolved[offset] {
        if case .enumCase(let text) = value { counts[name, default: [:]][text, default: 0] += 1 }
      }
    }
    var container: TemplateObject = [
      "name": .string(instance.name), "id": .string(instance.id), "count": .int(instance.count), "attrs": attrs,
      "headingLevel": .int(instance.childHeadingLevel), "columns": .int(balancedColumns(instance.count)),
    ]
    if parts.flags { container["is"] = attrIs }
    if parts.split { container["split"] = attrSplit }
    if parts.counts {
      container["counts"] = .object(
        TemplateObject(
          uniqueNamesWithValues: counts.map { name, tally in
            (name, .object(TemplateObject(uniqueNamesWithValues: tally.map { ($0.key, .int($0.value)) })))
          }))
    }
    if !instance.classes.isEmpty { container["classes"] = .string(instance.classes.joined(separator: " ")) }
    if let label = instance.labelHTML, !label.isEmpty { container["label"] = .string(label) }
    if let selectedIndex { container["selected"] = subviews[selectedIndex] }
    return ["container": .object(container), "subviews": .list(subviews), "count": .int(instance.count)]
  }

  /// Every value the container reads for one child: written, else derived, else the
  /// declared default.
  func resolve(_ child: ContainerChild) -> [(String, TypedValue)] {
    var slots = [TypedValue?](repeating: nil, count: resolvedNames.count)
    for (slot, declaration) in readSlots {
      if let value = child.values[declaration.name] ?? declaration.defaultValue { slots[slot] = value }
    }
    for derived in derivedSlots where child.values[derived.name] == nil {
      guard let type = derived.type else { continue }
      let text: String?
      switch derived.rule {
      case .title: text = child.titleText
      case .id: text = child.id
      case .slug(let source):
        text =
          source == "title"
          ? child.titleText.map { slug($0) } : derived.source.flatMap { slots[$0] }.map { slug($0.description) }
      }
      if let text, !text.isEmpty { slots[derived.slot] = TypedValue(parsing: text, as: type) }
    }
    var result: [(String, TypedValue)] = []
    result.reserveCapacity(slots.count)
    for (name, value) in zip(resolvedNames, slots) {
      if let value { result.append((name, value)) }
    }
    return result
  }

  /// The selected child: the first matching ``ComponentSpec/selects``, else the first.
  func selection(_ resolved: [[(String, TypedValue)]]) -> Int? {
    guard let (name, value) = spec.selects, !resolved.isEmpty else { return nil }
    return resolved.firstIndex { $0.contains { $0.0 == name && $0.1 == value } } ?? 0
  }

  func subviewContext(
    _ child: ContainerChild, resolved: [(String, TypedValue)], headingLevel: Int
  ) -> TemplateObject {
    var valueMap: TemplateValue = [:]
    var isMap: TemplateValue = [:]
    var splitMap: TemplateValue = [:]
    var layout: TemplateValue = [:]
    for (name, value) in resolved {
      guard let declaration = values[name] else { continue }
      put(value, named: name, type: declaration.type, into: &valueMap, is: &isMap, split: &splitMap, parts)
      if declaration.isLayout, parts.layout {
        var ignoredIs: TemplateValue = [:]
        var ignoredSplit: TemplateValue = [:]
        put(
          value, named: name, type: declaration.type, into: &layout, is: &ignoredIs, split: &ignoredSplit, .valuesOnly)
      }
    }
    // Every name below is set once: appended, not looked for first.
    var subview = TemplateObject(minimumCapacity: 18)
    subview.append(new: "id", .string(child.id))
    subview.append(new: "index", .int(child.index))
    subview.append(new: "number", .int(child.index + 1))
    subview.append(new: "body", .string(child.bodyHTML))
    subview.append(new: "values", valueMap)
    subview.append(new: "headingLevel", .int(headingLevel))
    if parts.flags { subview.append(new: "is", isMap) }
    if parts.split { subview.append(new: "split", splitMap) }
    if parts.layout { subview.append(new: "layout", layout) }
    if parts.headings {
      subview.append(
        new: "headings",
        .list(child.headings.map { ["level": .int($0.level), "id": .string($0.id), "text": .string($0.text)] }))
    }
    if let title = child.titleHTML, !title.isEmpty {
      subview.append(new: "title", .string(title))
      subview.append(new: "hasTitle", true)
    } else {
      subview.append(new: "hasTitle", false)
    }
    if let text = child.titleText, !text.isEmpty { subview.append(new: "titleText", .string(text)) }
    if !child.classes.isEmpty { subview.append(new: "classes", .string(child.classes.joined(separator: " "))) }
    let tagValue = spec.tag.flatMap { name in resolved.first { $0.0 == name }?.1.description }
    subview.append(new: "tag", .string(tagValue ?? child.id))
    return subview
  }

  /// Stores a value under its (possibly dotted) name, with its enum flag and its
  /// comma-split list when `parts` asks for them. Empty strings are left out, so
  /// `{{#values.x}}` is false for them.
  func put(
    _ value: TypedValue, named name: String, type: ValueType, into map: inout TemplateValue,
    is flags: inout TemplateValue, split: inout TemplateValue, _ parts: ContextParts
  ) {
    let path = paths[name] ?? name.split(separator: ".").map(String.init)
    switch value {
    case .bool(let flag): map.set(.bool(flag), at: path)
    case .int(let number): map.set(.int(number), at: path)
    case .enumCase(let text):
      map.set(.string(text), at: path)
      if parts.flags { flags.set(true, at: path + [text]) }
    default:
      let text = value.description
      guard !text.isEmpty else { return }
      map.set(.string(text), at: path)
      guard parts.split else { return }
      let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .filter { !$0.isEmpty }
      split.set(
        .list(
          items.enumerated().map {
            ["text": .string($0.element), "index": .int($0.offset), "first": .bool($0.offset == 0)]
          }),
        at: path)
    }
  }
}

/// The members of a container context that cost something to build and that a
/// template may not read: `is` (enum flags), `split` (comma-split lists), `layout`,
/// `headings` and `counts`. Made from the words a component's templates can look up
/// (``TemplateLibrary/words(reachableFrom:)``): a member whose key is not among them
/// can never be read.
struct ContextParts: Sendable, Equatable {
  var flags = true
  var split = true
  var layout = true
  var headings = true
  var counts = true

  /// Everything, as ``ThemeRenderer/context(for:)`` shows it.
  static let all = ContextParts()
  /// The value map alone.
  static let valuesOnly = ContextParts(flags: false, split: false, layout: false, headings: false, counts: false)
}

extension ContextParts {
  /// The parts a template reading `words` needs; everything when `words` is unknown.
  init(words: Set<String>?) {
    guard let words else {
      self = .all
      return
    }
    self.init(
      flags: words.contains("is"), split: words.contains("split"), layout: words.contains("layout"),
      headings: words.contains("headings"), counts: words.contains("counts"))
  }
}

/// The column count for `count` items at most four wide with no lone item in the last
/// row when avoidable: 1→1, 2→2, 3→3, 4→2 (2×2), 5→3, 6→3, 7→4, 8→4, 9→3, 10→4…
func balancedColumns(_ count: Int) -> Int {
  switch count {
  case ...1: return 1
  case 2, 3: return count
  case 4: return 2
  default:
    if let exact = [3, 4].first(where: { count % $0 == 0 }) { return exact }
    return [3, 4].first { count % $0 != 1 } ?? 3
  }
}
