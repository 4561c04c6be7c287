import ContainerViews
import CvsiteCore

/// A value written on a subview, with where it was written.
struct ValueEntry {
  var name: String
  var value: TypedValue
  var line: Int
  var column: Int
}

/// Turns items into views: static HTML runs coalesced into `RawHTML`, containers into
/// ``DirectiveContainer``s whose subviews are explicit `Section`s carrying their values.
struct ViewAssembler {
  let source: SourceText
  var ids: IDRegistry
  var diagnostics: [Diagnostic] = []

  /// Views for blocks that are content (not a container's subviews).
  mutating func views(_ items: [Item]) -> [AnyView] {
    var pieces = Pieces()
    emit(items, into: &pieces)
    pieces.flush()
    return pieces.views
  }

  /// Appends items, reproducing cmark's line breaks between blocks.
  private mutating func emit(_ items: [Item], into pieces: inout Pieces) {
    for item in items {
      switch item {
      case .html(let html, let tight):
        if !tight { pieces.cr() }
        pieces.pending += html
      case .code(let html, let code):
        warnUnread(entries(code.attributes, line: code.line), reader: nil)
        pieces.cr()
        pieces.pending += html
      case .heading(let heading):
        warnUnread(entries(heading.attributes, line: heading.line), reader: nil)
        pieces.cr()
        pieces.pending += heading.html
      case .list(let list):
        pieces.cr()
        pieces.pending += list.open
        for content in list.items {
          pieces.cr()
          pieces.pending += "<li>"
          emit(content, into: &pieces)
          pieces.pending += "</li>\n"
        }
        pieces.pending += list.close
      case .quote(let content):
        pieces.cr()
        pieces.pending += "<blockquote>\n"
        emit(content, into: &pieces)
        pieces.cr()
        pieces.pending += "</blockquote>\n"
      case .container(let container):
        warnUnread(entries(container.attributes, line: container.line), reader: nil)
        if container.isGroup {
          emit(container.items, into: &pieces)
        } else {
          pieces.append(containerView(container))
        }
      case .leaf(let leaf):
        warnUnread(entries(leaf.attributes, line: leaf.line), reader: nil)
        pieces.append(AnyView(LeafDirective(head: head(leaf))))
      }
    }
  }

  mutating func containerView(_ container: ContainerItem) -> AnyView {
    var effective: [(values: DeclaredValues, line: Int, column: Int)] = []
    let children = childViews(container.items, reader: container, inherited: [], effective: &effective)
    checkRules(container, effective)
    let attributes = container.attributes
    let head = ContainerHead(
      name: container.name, labelHTML: container.labelHTML, attributes: attributes.own, classes: attributes.classes,
      id: container.id, childHeadingLevel: container.childHeadingLevel,
      location: source.location(line: container.line, column: container.column))
    return AnyView(DirectiveContainer(head: head, content: ViewList(views: children)))
  }

  func head(_ leaf: LeafItem) -> ContainerHead {
    ContainerHead(
      name: leaf.name, labelHTML: leaf.labelHTML, attributes: leaf.attributes.own, classes: leaf.attributes.classes,
      id: leaf.id, childHeadingLevel: 2, location: source.location(line: leaf.line, column: leaf.column))
  }

  func entries(_ attributes: WrittenAttributes, line: Int) -> [ValueEntry] {
    attributes.values.map { ValueEntry(name: $0.name, value: $0.value, line: line, column: $0.column) }
  }

  /// A value that no enclosing container reads is almost always a mistake.
  mutating func warnUnread(_ values: [ValueEntry], reader: ContainerItem?) {
    for entry in values {
      if let reader {
        guard let declaration = reader.declaration else { continue }
        let root = entry.name.split(separator: ".").first.map(String.init) ?? entry.name
        if declaration.reads.contains(entry.name) || declaration.reads.contains(root) { continue }
        diagnostics.append(
          source.diagnostic(
            .warning, "`\(entry.name)` is not read by `:::\(reader.name)`", line: entry.line, column: entry.column))
      } else {
        diagnostics.append(
          source.diagnostic(
            .warning, "`\(entry.name)` is not read by any enclosing container", line: entry.line,
            column: entry.column))
      }
    }
  }
}

/// Output under construction: finished views and a run of HTML not yet wrapped.
struct Pieces {
  var views: [AnyView] = []
  var pending = ""
  var endsWithView = false

  /// cmark's `cr()`: a line break unless the output is empty or already ends with one.
  mutating func cr() {
    if let last = pending.utf8.last {
      if last != 0x0A { pending += "\n" }
    }
  }

  mutating func append(_ view: AnyView) {
    if !pending.isEmpty, pending.utf8.last != 0x0A { pending += "\n" }
    flush()
    views.append(view)
  }

  mutating func flush() {
    guard !pending.isEmpty else { return }
    views.append(AnyView(RawHTML(pending)))
    pending = ""
  }
}
