import ContainerViews
import CvsiteCore

/// Walks the prepared cmark tree once, in document order, and builds the page's items:
/// blocks rendered by cmark, headings with ids, directives with checked attributes.
struct PageBuilder {
  let source: SourceText
  let prepared: PreparedBody
  let schema: Schema
  let options: MarkdownOptions
  var diagnostics: [Diagnostic] = []
  var headings: [HeadingInfo] = []
  var ids = IDRegistry()
  /// Containers open around the block being read, outermost first.
  var openContainers: [ContainerItem] = []
  var lastHeadingLevel = 1
  /// The code blocks ``CodeBlockPass`` rendered, by the custom block that holds each.
  var codeBlocks: [OpaquePointer: CodeItem] = [:]
  /// What the body holds besides text, when one walk wrote all of it (a page without
  /// containers, ``buildPlain()``).
  var facts: BodyFacts?

  /// Beyond this block nesting (quotes, lists), cmark renders the rest as is.
  static let maxBlockDepth = 40
  /// Beyond this many containers inside each other, directives are an error.
  static let maxContainerDepth = 100

  init(source: SourceText, prepared: PreparedBody, schema: Schema, options: MarkdownOptions) {
    self.source = source
    self.prepared = prepared
    self.schema = schema
    self.options = options
  }

  var checker: AttributeChecker { AttributeChecker(schema: schema, source: source) }
  /// A heading's: in an MkDocs page, other keys are HTML attributes, as attr_list sets them.
  var headingChecker: AttributeChecker {
    AttributeChecker(schema: schema, source: source, setsHTMLAttributes: options.dialect == .mkdocs)
  }

  mutating func build() -> [Item] { isPlainPage ? buildPlain() : buildScope(prepared.document.root, depth: 0) }

  private struct Frame {
    var container: ContainerItem?
    var items: [Item] = []
  }

  /// The blocks of a document, block quote or list item, with directives nested.
  mutating func buildScope(_ parent: CMarkNode, depth: Int) -> [Item] {
    var frames = [Frame(container: nil)]
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      if node.kind == .htmlBlock, let directive = prepared.directives[node.startLine], node.isMarker {
        handle(directive, line: node.startLine, frames: &frames)
        for next in directive.more { handle(next, line: node.startLine, frames: &frames) }
      } else {
        let item = buildBlock(node, depth: depth, inContainer: frames[frames.count - 1].container != nil)
        frames[frames.count - 1].items.append(item)
      }
    }
    while frames.count > 1, let container = frames.last?.container {
      // A block written by indentation ends with the list item or quote it is in.
      if container.writtenOpener != nil {
        close(&frames)
        continue
      }
      diagnostics.append(
        source.diagnostic(
          options.tolerant ? .warning : .error,
          "`:::\(container.name)` is never closed (add a `\(String(repeating: ":", count: container.fence))` line)",
          line: container.line, column: container.column))
      close(&frames)
    }
    return frames[0].items
  }

  private mutating func close(_ frames: inout [Frame]) {
    guard frames.count > 1, let frame = frames.popLast(), let container = frame.container else { return }
    container.items = frame.items
    openContainers.removeLast()
    frames[frames.count - 1].items.append(.container(container))
  }

  private mutating func handle(_ directive: DirectiveLine, line: Int, frames: inout [Frame]) {
    let column = directive.offset + 1
    for problem in directive.problems {
      diagnostics.append(
        source.diagnostic(
          .error, problem.message, line: line, column: problem.offset + 1, suggestion: problem.suggestion))
    }
    switch directive.kind {
    case .close where directive.writtenOpener != nil:
      // Closed already where its list item or quote ended: nothing to close.
      guard let target = frames.lastIndex(where: { $0.container?.writtenOpener == directive.writtenOpener }) else {
        return
      }
      while frames.count - 1 > target, let open = frames.last?.container {
        if open.writtenOpener == nil {
          diagnostics.append(
            source.diagnostic(.error, "`:::\(open.name)` is never closed", line: open.line, column: open.column))
        }
        close(&frames)
      }
      close(&frames)
    case .close(let fence):
      guard frames.count > 1 else {
        diagnostics.append(
          source.diagnostic(
            options.tolerant ? .warning : .error, "closing fence with no open container", line: line, column: column))
        return
      }
      let target = frames.lastIndex { $0.container?.fence == fence } ?? frames.count - 1
      guard target >= 1, let innermost = frames[frames.count - 1].container else { return }
      if target == frames.count - 1, fence < innermost.fence {
        diagnostics.append(
          source.diagnostic(
            .error, "closing fence is shorter than the `:::\(innermost.name)` opener at line \(innermost.line)",
            line: line, column: column))
        return
      }
      if fence != innermost.fence, target == frames.count - 1 {
        diagnostics.append(
          source.diagnostic(
            .warning, "closing fence length differs from the `:::\(innermost.name)` opener at line \(innermost.line)",
            line: line, column: column))
      }
      while frames.count - 1 > target, let open = frames.last?.container {
        diagnostics.append(
          source.diagnostic(.error, "`:::\(open.name)` is never closed", line: open.line, column: open.column))
        close(&frames)
      }
      close(&frames)
    case .open(let fence):
      guard openContainers.count < Self.maxContainerDepth else {
        diagnostics.append(
          source.diagnostic(
            .error, "containers nested more than \(Self.maxContainerDepth) deep", line: line, column: column))
        return
      }
      let container = openContainer(directive, fence: fence, line: line, column: column)
      container.writtenOpener = directive.writtenOpener
      openContainers.append(container)
      frames.append(Frame(container: container))
    case .leaf:
      if let leaf = leafItem(directive, line: line, column: column) {
        frames[frames.count - 1].items.append(.leaf(leaf))
      }
    }
  }

  /// Admonitions of other generators whose names the default theme's callouts do not
  /// have, as the callout each one is: Docusaurus' and VitePress' `info`, VitePress'
  /// `details` (closed until opened). A theme's own container or kind of that name wins.
  static let admonitionAliases: [String: (kind: String, collapsible: Bool)] = [
    "info": ("note", false), "details": ("note", true),
    // MkDocs Material's types and their aliases, as the nearest callout kind.
    "abstract": ("note", false), "summary": ("note", false), "tldr": ("note", false), "todo": ("note", false),
    "question": ("note", false), "help": ("note", false), "faq": ("note", false), "example": ("note", false),
    "quote": ("note", false), "cite": ("note", false), "hint": ("tip", false), "success": ("tip", false),
    "check": ("tip", false), "done": ("tip", false), "attention": ("warning", false), "failure": ("danger", false),
    "fail": ("danger", false), "missing": ("danger", false), "error": ("danger", false), "bug": ("danger", false),
  ]

  /// Containers of other generators that add nothing around their content here.
  static let transparentContainers: Set<String> = ["v-pre", "raw"]

  /// The callout kind of an admonition type no kind or alias stands for.
  static let unknownAdmonitionKind = "note"

  private mutating func openContainer(_ written: DirectiveLine, fence: Int, line: Int, column: Int) -> ContainerItem {
    var directive = written
    var collapsible = false
    // VitePress' `::: v-pre` and `::: raw` keep Vue and its styles off their content:
    // here, with no Vue, they are the content itself.
    if schema.containers[directive.name] == nil, Self.transparentContainers.contains(directive.name) {
      directive.name = "group"
    }
    // An admonition type of MkDocs' that no callout kind stands for is a CSS class there
    // (themes style their own): here a note titled by its type, with a warning.
    if directive.writtenOpener != nil, schema.containers[directive.name] == nil,
      schema.shorthand(directive.name) == nil, Self.admonitionAliases[directive.name] == nil,
      schema.shorthand(Self.unknownAdmonitionKind) != nil
    {
      let kinds = schema.containers.values.flatMap(\.shorthandCases) + Self.admonitionAliases.keys
      diagnostics.append(
        source.diagnostic(
          .warning, "unknown admonition type `\(directive.name)`: shown as a note", line: line, column: column,
          suggestion: closest(directive.name, kinds.sorted())))
      if directive.label == nil { directive.label = directive.name.prefix(1).uppercased() + directive.name.dropFirst() }
      directive.name = Self.unknownAdmonitionKind
    }
    if schema.containers[directive.name] == nil, schema.shorthand(directive.name) == nil,
      let alias = Self.admonitionAliases[directive.name], schema.shorthand(alias.kind) != nil
    {
      // Untitled, it is titled as those generators title it: "Info", "Details".
      if directive.label == nil { directive.label = directive.name.prefix(1).uppercased() + directive.name.dropFirst() }
      directive.name = alias.kind
      collapsible = alias.collapsible
    }
    let shorthand = schema.shorthand(directive.name)
    let declaration = schema.containers[directive.name] ?? shorthand?.container
    if declaration == nil, directive.name != "group", !directive.name.isEmpty {
      let shorthands = schema.containers.values.flatMap(\.shorthandCases)
      diagnostics.append(
        source.diagnostic(
          .error, "unknown container `\(directive.name)`", line: line, column: column,
          suggestion: closest(directive.name, schema.containers.keys.sorted() + shorthands.sorted() + ["group"])))
    }
    // What another generator's syntax implies (`???+`: collapsible, open) applies where
    // the theme's container has it.
    if directive.writtenOpener != nil, var block = directive.attributes {
      block.attributes.removeAll { attribute in
        guard case .pair(let key, _) = attribute.kind else { return false }
        return declaration?.attributes.contains { $0.name == key } != true && schema.values[key] == nil
      }
      directive.attributes = block
    }
    var attributes = checker.check(
      directive.attributes, own: declaration?.attributes ?? [], line: line, into: &diagnostics)
    for attribute in declaration?.attributes ?? []
    where attribute.defaultValue == nil && attributes.own[attribute.name] == nil {
      guard let reason = attribute.whenMissing else { continue }
      diagnostics.append(
        source.diagnostic(
          .warning, "`:::\(directive.name)` has no `\(attribute.name)`: \(reason)", line: line, column: column))
    }
    if let shorthand {
      if attributes.own[shorthand.attribute] != nil {
        diagnostics.append(
          source.diagnostic(
            .error,
            "`:::\(directive.name)` already sets `\(shorthand.attribute)`; write `:::\(shorthand.container.name){\(shorthand.attribute)=…}` to choose another",
            line: line, column: column))
      }
      attributes.own[shorthand.attribute] = .enumCase(directive.name)
      if collapsible, attributes.own["collapsible"] == nil,
        shorthand.container.attributes.contains(where: { $0.name == "collapsible" && $0.type == .bool })
      {
        attributes.own["collapsible"] = .bool(true)
      }
    }
    let label = directive.label.map { renderLabel($0, line: line) }
    let id: String
    if directive.name == "group" {
      if attributes.id != nil {
        diagnostics.append(
          source.diagnostic(.error, "a group has no element to carry an id", line: line, column: column))
        attributes.id = nil
      }
      id = ""
    } else {
      // A container with a shorthand (a callout) is named after its container and kind,
      // out of the way of the headings' GitHub ids.
      let title = shorthand.map { "\($0.container.name) \(label?.text ?? directive.name)" } ?? label?.text ?? ""
      id = claimID(explicit: attributes.id, title: title, fallback: directive.name, line: line, column: column)
      claimTemplateIDs(of: id)
    }
    return ContainerItem(
      name: declaration?.name ?? directive.name, declaration: declaration, label: label, attributes: attributes, id: id,
      line: line,
      column: column, fence: fence, childHeadingLevel: min(6, max(2, lastHeadingLevel + 1)))
  }

  private mutating func leafItem(_ directive: DirectiveLine, line: Int, column: Int) -> LeafItem? {
    let declaration = schema.leaves[directive.name]
    if declaration == nil {
      diagnostics.append(
        source.diagnostic(
          .error, "unknown leaf directive `::\(directive.name)`", line: line, column: column,
          suggestion: closest(directive.name, schema.leaves.keys.sorted())))
    }
    let attributes = checker.check(
      directive.attributes, own: declaration?.attributes ?? [], line: line, into: &diagnostics)
    let label = directive.label.map { renderLabel($0, line: line) }
    let id = claimID(
      explicit: attributes.id, title: label?.text ?? "", fallback: directive.name, line: line, column: column)
    return LeafItem(
      name: directive.name, labelHTML: label?.html, labelText: label?.text, attributes: attributes, id: id, line: line,
      column: column)
  }

  /// A heading's id: the explicit one, else GitHub's slug of its text (inside a container,
  /// the container's rule, so that sections of different tabs stay apart).
  mutating func claimHeadingID(explicit: String?, title: String, line: Int, column: Int) -> String {
    guard explicit == nil, openContainers.isEmpty else {
      return claimID(explicit: explicit, title: title, fallback: "section", line: line, column: column)
    }
    return ids.claimHeading(githubSlug(title), fallback: "section")
  }

  /// The ids templates make from a container's id (`ID-title`, `ID-label`): no heading
  /// may take them.
  mutating func claimTemplateIDs(of id: String) {
    for suffix in ["-title", "-label"] { _ = ids.claimExplicit(id + suffix) }
  }

  /// A unique id: the explicit one (an error when repeated), else from the title.
  mutating func claimID(explicit: String?, title: String, fallback: String, line: Int, column: Int) -> String {
    if let explicit {
      if ids.claimExplicit(explicit) { return explicit }
      // Python-Markdown lets a page repeat an id; the second one here gets a suffix.
      if options.dialect == .mkdocs {
        let unique = ids.claim(explicit, fallback: explicit, prefix: nil)
        diagnostics.append(
          source.diagnostic(
            .warning, "repeated `#\(explicit)`: this one is `#\(unique)`, so that ids stay unique on the page",
            line: line, column: column))
        return unique
      }
      diagnostics.append(
        source.diagnostic(
          .error, "repeated `#\(explicit)`: ids must be unique on the page", line: line, column: column))
      return explicit
    }
    return ids.claim(slug(title), fallback: fallback, prefix: openContainers.last?.id)
  }

  /// A label's Markdown as inline HTML and plain text.
  func renderInline(_ markdown: String) -> (html: String, text: String) {
    var missing: [String] = []
    return renderInline(markdown, missingIcons: &missing)
  }

  /// A label as ``renderInline(_:)`` makes it, and a warning for icons it names that
  /// have no picture.
  mutating func renderLabel(_ markdown: String, line: Int) -> (html: String, text: String) {
    var missing: [String] = []
    let label = renderInline(markdown, missingIcons: &missing)
    if let shortcodes = options.shortcodes, !missing.isEmpty {
      diagnostics.append(source.diagnostic(.warning, shortcodes.missingIconsMessage(missing), line: line, column: 1))
    }
    return label
  }

  /// `markdown` as inline HTML and text; `:name:` shortcodes too when the page reads
  /// them, the icons without a picture in `missingIcons`.
  private func renderInline(_ markdown: String, missingIcons: inout [String]) -> (html: String, text: String) {
    guard
      let document = CMarkDocument(bytes: Array(markdown.utf8), allowRawHTML: options.allowRawHTML, validateUTF8: true),
      let paragraph = document.root.firstChild, paragraph.kind == .paragraph
    else { return (escapeHTML(markdown), markdown) }
    if let shortcodes = options.shortcodes, paragraph.hasText(containing: 0x3A) {
      GFMPass.markShortcodes(in: paragraph, index: shortcodes, missing: &missingIcons)
    }
    var html = document.html(paragraph)
    if html.hasPrefix("<p>") { html.removeFirst(3) }
    if html.hasSuffix("</p>\n") { html.removeLast(5) }
    return (html, paragraph.plainText)
  }
}
