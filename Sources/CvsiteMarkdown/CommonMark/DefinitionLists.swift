/// Python-Markdown's definition lists (def_list), built from the tree cmark parsed after
/// ``PythonMarkdownLines`` made each `:` definition a `+` list item: a paragraph followed
/// by such a list becomes `<dl>`, each of the paragraph's lines a `<dt>` and each item a
/// `<dd>`; a list of definitions after a `<dl>` adds to it, as Python-Markdown does.
///
/// As in Python-Markdown, a term's first definition is loose (`<dd><p>text</p></dd>`)
/// when a blank line parts it from the term, tight (`<dd>text</dd>`) when it follows it
/// directly; each further definition is as the one before it was: loose when that one
/// held blocks.
struct DefinitionLists {
  let body: PageBody
  /// The lines of the body whose list item is a definition.
  let lines: Set<Int>

  func apply(to root: CMarkNode) {
    guard !lines.isEmpty else { return }
    var stack = [root]
    while let parent = stack.popLast() {
      var current: CMarkNode?
      var cursor = parent.firstChild
      while let node = cursor {
        cursor = node.next
        if node.kind == .list, isDefinitionList(node), let list = definitionList(for: node, after: current) {
          current = list
          continue
        }
        if node.kind != .paragraph { current = nil }
        switch node.kind {
        case .blockQuote, .item, .list, .customBlock: stack.append(node)
        default: break
        }
      }
    }
  }

  /// Whether every item of `list` is a definition.
  private func isDefinitionList(_ list: CMarkNode) -> Bool {
    var cursor = list.firstChild
    guard cursor != nil else { return false }
    while let item = cursor {
      guard lines.contains(item.startLine) else { return false }
      cursor = item.next
    }
    return true
  }

  /// The `<dl>` `list`'s items join: a new one holding the paragraph before as terms, or
  /// `previous` (the `<dl>` right before). `nil` when there are no terms to define.
  private func definitionList(for list: CMarkNode, after previous: CMarkNode?) -> CMarkNode? {
    let dl: CMarkNode
    var lastLine: Int
    var loose: Bool
    if let terms = list.previous, terms.kind == .paragraph {
      let before = terms.previous
      if let previous, before?.isSame(previous) == true {
        dl = previous
      } else {
        guard let made = CMarkNode.customBlock(enter: "<dl>", exit: "</dl>") else { return nil }
        terms.insertBefore(made)
        dl = made
      }
      lastLine = terms.endLine
      loose = list.startLine - 1 > lastLine || isBlank(list.startLine - 1)
      addTerms(terms, to: dl)
    } else if let previous, list.previous?.isSame(previous) == true {
      dl = previous
      loose = holdsBlocks(previous.lastChild)
    } else {
      return nil
    }
    while let item = list.firstChild {
      item.unlink()
      guard let dd = CMarkNode.customBlock(enter: "<dd>", exit: "</dd>") else { continue }
      if !loose, let only = item.firstChild, only.kind == .paragraph, only.next == nil {
        // Tight, and one paragraph: its text directly in the definition.
        dd.adoptChildren(of: only)
      } else {
        dd.adoptChildren(of: item)
      }
      dl.append(dd)
      loose = holdsBlocks(dd)
    }
    list.unlink()
    return dl
  }

  /// Each line of `paragraph` as a `<dt>`; the paragraph leaves the tree.
  private func addTerms(_ paragraph: CMarkNode, to dl: CMarkNode) {
    var term: CMarkNode?
    while let child = paragraph.firstChild {
      child.unlink()
      if child.kind == .softBreak || child.kind == .lineBreak {
        term = nil
        continue
      }
      if term == nil, let made = CMarkNode.customBlock(enter: "<dt>", exit: "</dt>") {
        dl.append(made)
        term = made
      }
      term?.append(child)
    }
    paragraph.unlink()
  }

  /// Whether a definition holds a block (a paragraph, a list…), not only text.
  private func holdsBlocks(_ dd: CMarkNode?) -> Bool {
    var cursor = dd?.firstChild
    while let child = cursor {
      switch child.kind {
      case .paragraph, .list, .blockQuote, .codeBlock, .htmlBlock, .heading, .thematicBreak, .customBlock:
        return true
      default: cursor = child.next
      }
    }
    return false
  }

  private func isBlank(_ line: Int) -> Bool {
    guard line >= 1, line <= body.lineCount else { return false }
    return body.line(line).allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}
