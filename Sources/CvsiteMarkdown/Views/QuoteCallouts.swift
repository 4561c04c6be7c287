import CvsiteCore

/// The kind a block quote announces: a GitHub alert (`> [!NOTE]`) or a DocC aside
/// (`> Note: …`), and the title it implies.
struct QuoteCallout {
  var kind: String
  /// A title other than the kind's name (DocC's `Precondition:`, an alert's own title).
  var title: String?
}

/// GitHub's alert kinds, by the lowercased name written in `[!…]`.
let githubAlertKinds = ["note", "tip", "important", "warning", "caution"]

/// DocC's aside names (lowercased, spaces removed) and the callout kind each is drawn as;
/// names without a kind of their own are notes titled with their name.
private let doccAsideKinds: [String: String] = [
  "note": "note", "tip": "tip", "important": "important", "warning": "warning", "experiment": "experiment",
  "deprecated": "deprecated", "attention": "warning", "bug": "caution", "caution": "caution", "danger": "danger",
  "author": "note", "authors": "note", "complexity": "note", "copyright": "note", "date": "note",
  "invariant": "note", "mutatingvariant": "note", "nonmutatingvariant": "note", "postcondition": "note",
  "precondition": "note", "remark": "note", "requires": "note", "since": "note", "todo": "note",
  "version": "note", "throws": "note", "seealso": "note",
]

extension PageBuilder {
  /// The callout container alerts and asides become: the schema's `callout`, when the
  /// theme declares one with a shorthand attribute.
  var calloutDeclaration: ContainerDeclaration? {
    guard let declaration = schema.containers["callout"], declaration.shorthand != nil else { return nil }
    return declaration
  }

  /// Whether any block quote of the page is an alert or an aside (then the page takes the
  /// path that builds containers).
  func hasQuoteCallouts(_ root: CMarkNode) -> Bool {
    guard calloutDeclaration != nil else { return false }
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .list, .item: stack += node.children
      case .blockQuote:
        if quoteCalloutPrefix(node) != nil { return true }
        stack += node.children
      default: break
      }
    }
    return false
  }

  /// What the first line of a quote's first paragraph announces, read from its text:
  /// `[!KIND]` (with an optional title after it, up to the line's end) or `Name:`.
  func quoteCalloutPrefix(_ quote: CMarkNode) -> (marker: String, isAlert: Bool, title: String?)? {
    guard let paragraph = quote.firstChild, paragraph.kind == .paragraph else { return nil }
    paragraph.consolidateText()
    guard let text = paragraph.firstChild, text.kind == .text, let literal = text.literal else { return nil }
    if literal.hasPrefix("[!") {
      guard let close = literal.firstIndex(of: "]") else { return nil }
      let name = String(literal[literal.index(literal.startIndex, offsetBy: 2)..<close])
      guard !name.isEmpty, name.allSatisfy({ $0.isLetter }) else { return nil }
      let rest = literal[literal.index(after: close)...].drop { $0 == " " || $0 == "\t" }
      return (name, true, rest.isEmpty ? nil : String(rest))
    }
    guard let colon = literal.firstIndex(of: ":"), literal.distance(from: literal.startIndex, to: colon) <= 24 else {
      return nil
    }
    let name = String(literal[..<colon])
    let key = name.lowercased().filter { $0 != " " && $0 != "-" }
    guard doccAsideKinds[key] != nil, name.first?.isUppercase == true else { return nil }
    return (name, false, nil)
  }

  /// The callout a block quote stands for, its announcing text removed from its first
  /// paragraph; an alert of an unknown kind is an error (and the quote stays a quote).
  mutating func quoteCallout(_ quote: CMarkNode) -> QuoteCallout? {
    guard let declaration = calloutDeclaration, let prefix = quoteCalloutPrefix(quote),
      let paragraph = quote.firstChild, let text = paragraph.firstChild, let literal = text.literal
    else { return nil }
    let cases = declaration.shorthandCases
    let callout: QuoteCallout
    if prefix.isAlert {
      let kind = prefix.marker.lowercased()
      guard githubAlertKinds.contains(kind) || cases.contains(kind) else {
        diagnostics.append(
          source.diagnostic(
            .error, "unknown alert kind `[!\(prefix.marker)]`", line: quote.startLine,
            column: quote.startColumn + 2,
            suggestion: (githubAlertKinds.first { $0.hasPrefix(kind) }
              ?? closest(kind, Array(Set(githubAlertKinds + cases)).sorted())).map { "[!\($0.uppercased())]" }))
        return nil
      }
      callout = QuoteCallout(kind: cases.contains(kind) ? kind : "note", title: prefix.title)
      // The marker line goes: the text up to the first line break, and that break.
      if let next = text.next, next.kind == .softBreak || next.kind == .lineBreak { next.unlink() }
      text.unlink()
    } else {
      let key = prefix.marker.lowercased().filter { $0 != " " && $0 != "-" }
      let kind = doccAsideKinds[key] ?? "note"
      let drawnAs = cases.contains(kind) ? kind : "note"
      callout = QuoteCallout(kind: drawnAs, title: drawnAs == key ? nil : prefix.marker)
      let rest = literal[literal.index(after: literal.firstIndex(of: ":") ?? literal.startIndex)...]
      let trimmed = rest.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty {
        if let next = text.next, next.kind == .softBreak || next.kind == .lineBreak { next.unlink() }
        text.unlink()
      } else {
        text.setLiteral(String(trimmed))
      }
    }
    if paragraph.firstChild == nil { paragraph.unlink() }
    return callout
  }

  /// A block quote as a callout container holding the quote's blocks.
  mutating func buildQuoteCallout(_ quote: CMarkNode, _ callout: QuoteCallout, depth: Int) -> Item? {
    guard let declaration = calloutDeclaration, let attribute = declaration.shorthand else { return nil }
    var attributes = WrittenAttributes()
    attributes.own[attribute] = .enumCase(callout.kind)
    let label = callout.title.map(renderInline)
    let id = claimID(
      explicit: nil, title: "\(declaration.name) \(label?.text ?? callout.kind)", fallback: "callout",
      line: quote.startLine, column: quote.startColumn)
    claimTemplateIDs(of: id)
    let container = ContainerItem(
      name: declaration.name, declaration: declaration, label: label, attributes: attributes, id: id,
      line: quote.startLine, column: quote.startColumn, fence: 0,
      childHeadingLevel: min(6, max(2, lastHeadingLevel + 1)))
    openContainers.append(container)
    container.items = buildScope(quote, depth: depth + 1)
    openContainers.removeLast()
    return .container(container)
  }
}
