import ContainerViews
import CvsiteCore

extension ViewAssembler {
  /// The subviews of a container's direct content: sections split at
  /// the shallowest heading level, else one per block, list item or nested directive;
  /// `:::group` contributes its children with its values under theirs.
  mutating func childViews(
    _ items: [Item], reader: ContainerItem, inherited: [ValueEntry],
    effective: inout [(values: DeclaredValues, line: Int, column: Int)]
  ) -> [AnyView] {
    var result: [AnyView] = []
    func isSplit(_ item: Item, _ level: Int) -> Bool {
      if case .heading(let heading) = item { return heading.level == level }
      return false
    }
    let split = items.compactMap { item -> Int? in
      if case .heading(let heading) = item { return heading.level }
      return nil
    }.min()
    var child = ChildSpec(reader: reader, inherited: inherited)
    if reader.declaration?.keepsContentWhole == true {
      return items.isEmpty ? [] : [section(child.untitled(position: 0), items, &effective)]
    }
    if let split {
      reader.childHeadingLevel = split
      var index = 0
      var leading: [Item] = []
      while index < items.count, !isSplit(items[index], split) {
        leading.append(items[index])
        index += 1
      }
      if !leading.isEmpty { result.append(section(child.untitled(position: result.count), leading, &effective)) }
      while index < items.count, case .heading(let heading) = items[index] {
        index += 1
        var body: [Item] = []
        while index < items.count, !isSplit(items[index], split) {
          body.append(items[index])
          index += 1
        }
        child.id = heading.id
        child.titleHTML = heading.titleHTML
        child.titleText = heading.text
        child.classes = heading.attributes.classes
        child.values = entries(heading.attributes, line: heading.line)
        child.line = heading.line
        result.append(section(child, body, &effective))
      }
      return result
    }
    for item in items {
      switch item {
      case .list(let list):
        for (offset, content) in list.items.enumerated() {
          var spec = child.untitled(position: result.count)
          spec.id = ids.claim(slug(firstWords(list.texts[offset])), fallback: spec.id, prefix: reader.id)
          spec.needsClaim = false
          result.append(section(spec, content, &effective))
        }
      case .container(let nested) where nested.isGroup:
        let values = entries(nested.attributes, line: nested.line)
        let inner = childViews(nested.items, reader: reader, inherited: inherited + values, effective: &effective)
        var view = AnyView(ViewList(views: inner))
        for entry in values { view = AnyView(view.containerValue(\.declaredValues[entry.name], entry.value)) }
        result.append(view)
      case .container(let nested):
        var spec = child.titled(nested.id, nested.labelHTML, nested.labelText, nested.attributes, nested.line)
        spec.body = [containerView(nested)]
        result.append(section(spec, [], &effective))
      case .leaf(let leaf):
        var spec = child.titled(leaf.id, leaf.labelHTML, leaf.labelText, leaf.attributes, leaf.line)
        spec.body = [AnyView(LeafDirective(head: head(leaf)))]
        result.append(section(spec, [], &effective))
      case .code(let html, let code) where code.title != nil || !code.attributes.isEmpty:
        let title = code.title.map { (html: escapeHTML($0), text: $0) }
        var spec = child.titled("", title?.html, title?.text, code.attributes, code.line)
        spec.id = ids.claim(slug(code.title ?? ""), fallback: "\(reader.id)-\(result.count + 1)", prefix: reader.id)
        spec.body = [AnyView(RawHTML(html))]
        result.append(section(spec, [], &effective))
      case .html, .quote, .heading, .code:
        result.append(section(child.untitled(position: result.count), [item], &effective))
      }
    }
    return result
  }

  /// One explicit `Section`: title as header, blocks as content, values written on it.
  private mutating func section(
    _ spec: ChildSpec, _ items: [Item], _ effective: inout [(values: DeclaredValues, line: Int, column: Int)]
  ) -> AnyView {
    warnUnread(spec.values, reader: spec.reader)
    var merged = DeclaredValues()
    for entry in spec.inherited + spec.values { merged[entry.name] = entry.value }
    effective.append((merged, spec.line, spec.values.first?.column ?? 1))
    let content = spec.body + views(items)
    let id = spec.needsClaim ? ids.claim("", fallback: spec.id, prefix: nil) : spec.id
    let meta = ChildMeta(id: id, titleText: spec.titleText, classes: spec.classes, headings: headings(in: items))
    let title = spec.titleHTML
    let section = Section(content: { ViewList(views: content) }, header: { if let title { RawHTML(title) } })
      .containerValue(\.markdownChild, meta)
    // One write of everything this subview reads: its own values over its groups' (the
    // same result as member writes, without building a key path per value).
    guard !spec.values.isEmpty else { return AnyView(section) }
    return AnyView(section.containerValue(\.declaredValues, merged))
  }

  private func headings(in items: [Item]) -> [HeadingInfo] {
    var result: [HeadingInfo] = []
    for item in items {
      switch item {
      case .heading(let h): result.append(HeadingInfo(level: h.level, id: h.id, text: h.text))
      case .quote(let content): result += headings(in: content)
      case .list(let list): for content in list.items { result += headings(in: content) }
      default: break
      }
    }
    return result
  }

  private func firstWords(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(6).joined(separator: " ")
  }

  /// The container's rules across its children (`status=current` at most once…).
  mutating func checkRules(_ container: ContainerItem, _ children: [(values: DeclaredValues, line: Int, column: Int)]) {
    for rule in container.declaration?.rules ?? [] {
      switch rule {
      case .unique(let name):
        var seen: [TypedValue: Int] = [:]
        for child in children {
          guard let value = child.values[name] else { continue }
          if let first = seen[value] {
            report("`\(name)=\(value)` is already used by a sibling at line \(first)", child)
          } else {
            seen[value] = child.line
          }
        }
      case .atMostOne(let name, let value):
        let matching = children.filter { value == nil ? $0.values[name] != nil : $0.values[name] == value }
        for child in matching.dropFirst() {
          report("at most one child of `:::\(container.name)` may set `\(name)\(value.map { "=\($0)" } ?? "")`", child)
        }
      case .exactlyOne(let name, let value):
        let matching = children.filter { $0.values[name] == value }
        if matching.isEmpty {
          diagnostics.append(
            source.diagnostic(
              .error, "one child of `:::\(container.name)` must set `\(name)=\(value)`", line: container.line,
              column: container.column))
        }
        for child in matching.dropFirst() {
          report("exactly one child of `:::\(container.name)` may set `\(name)=\(value)`", child)
        }
      }
    }
  }

  private mutating func report(_ message: String, _ child: (values: DeclaredValues, line: Int, column: Int)) {
    diagnostics.append(source.diagnostic(.error, message, line: child.line, column: child.column))
  }
}

/// What is known about one subview before it becomes a `Section`.
struct ChildSpec {
  let reader: ContainerItem
  let inherited: [ValueEntry]
  var id = ""
  var titleHTML: String?
  var titleText: String?
  var classes: [String] = []
  var values: [ValueEntry] = []
  var line = 0
  var body: [AnyView] = []
  /// An untitled subview whose positional id still has to be claimed.
  var needsClaim = false

  init(reader: ContainerItem, inherited: [ValueEntry]) {
    self.reader = reader
    self.inherited = inherited
    self.line = reader.line
  }

  func untitled(position: Int) -> ChildSpec {
    var spec = ChildSpec(reader: reader, inherited: inherited)
    spec.id = "\(reader.id)-\(position + 1)"
    spec.needsClaim = true
    return spec
  }

  func titled(_ id: String, _ html: String?, _ text: String?, _ attributes: WrittenAttributes, _ line: Int) -> ChildSpec
  {
    var spec = ChildSpec(reader: reader, inherited: inherited)
    spec.id = id
    spec.titleHTML = html
    spec.titleText = text
    spec.classes = []
    spec.values = attributes.values.map { ValueEntry(name: $0.name, value: $0.value, line: line, column: $0.column) }
    spec.line = line
    return spec
  }
}
