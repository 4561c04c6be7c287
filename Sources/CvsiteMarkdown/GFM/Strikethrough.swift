extension GFMPass {
  /// GFM strikethrough (`~~x~~`, `~x~`) among the children of `parent` and, first, inside
  /// each inline container below it: runs of one or two tildes that can open or close by
  /// CommonMark's flanking rules are matched as `cmark-gfm` matches them (nearest opener
  /// of the same length, the rule of three), and the nodes between become `<del>`.
  func strike(_ parent: CMarkNode, depth: Int = 0) {
    pairRuns(of: 0x7E, in: parent) { count, inner in
      // pymdownx.tilde: `~x~` is a subscript (a word, no spaces), `~~x~~` a deletion.
      guard options.dialect == .mkdocs, count == 1 else { return ("<del>", "</del>") }
      return inner().contains(where: \.isWhitespace) ? nil : ("<sub>", "</sub>")
    }
  }

  /// Pairs the runs of `byte` (one or two long) below `parent` as strikethrough pairs its
  /// tildes, and wraps what each pair holds in the tags `tags` gives for the run's length
  /// and the text between, read only when asked for (`nil`: the pair stays text).
  func pairRuns(
    of byte: UInt8, in parent: CMarkNode, depth: Int = 0,
    tags: (_ count: Int, _ inner: () -> String) -> (enter: String, exit: String)?
  ) {
    var cursor = parent.firstChild
    var delimiters: [TildeRun] = []
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .link, .image, .customInline:
        if node.firstChild != nil, !autolinks.contains(node.raw), depth < Self.maximumInlineDepth {
          pairRuns(of: byte, in: node, depth: depth + 1, tags: tags)
        }
      case .text:
        if node.literalContains(byte) { delimiters += splitRuns(of: byte, node) }
      default: break
      }
    }
    guard !delimiters.isEmpty else { return }
    matchRuns(&delimiters, tags: tags)
  }

  private func splitRuns(of byte: UInt8, _ node: CMarkNode) -> [TildeRun] {
    let text = node.literalBytes
    var runs: [TildeRun] = []
    var pieces: [(bytes: ArraySlice<UInt8>, run: Bool)] = []
    var index = 0
    var copied = 0
    while index < text.count {
      guard text[index] == byte else {
        index += 1
        continue
      }
      var end = index
      while end < text.count, text[end] == byte { end += 1 }
      if index > copied { pieces.append((text[copied..<index], false)) }
      pieces.append((text[index..<end], true))
      copied = end
      index = end
    }
    if copied < text.count { pieces.append((text[copied...], false)) }
    let outerBefore = neighbourScalar(of: node, after: false)
    let outerAfter = neighbourScalar(of: node, after: true)
    var offset = 0
    var last = node
    for (position, piece) in pieces.enumerated() {
      let target: CMarkNode
      if position == 0 {
        node.setLiteral(bytes: Array(piece.bytes))
        target = node
      } else {
        guard let made = CMarkNode.text(String(decoding: piece.bytes, as: UTF8.self)) else { break }
        last.insertAfter(made)
        target = made
      }
      last = target
      defer { offset += piece.bytes.count }
      guard piece.run, piece.bytes.count <= 2 else { continue }
      let before = offset > 0 ? scalar(endingBefore: offset, in: text) : outerBefore
      let afterIndex = offset + piece.bytes.count
      let after = afterIndex < text.count ? scalar(startingAt: afterIndex, in: text) : outerAfter
      let flanking = Flanking(before: before, after: after)
      guard flanking.left || flanking.right else { continue }
      runs.append(TildeRun(node: target, count: piece.bytes.count, canOpen: flanking.left, canClose: flanking.right))
    }
    return runs
  }

  /// The character next to a text node across its boundary, as the flanking rules see
  /// it: a line start or end and soft breaks are spaces, the delimiters of emphasis,
  /// code, links and HTML are punctuation, an autolink's own text counts as text.
  private func neighbourScalar(of node: CMarkNode, after: Bool) -> Unicode.Scalar? {
    var cursor = after ? node.next : node.previous
    // Skip the pieces this split made.
    while let sibling = cursor, sibling.kind == .text {
      let bytes = sibling.literalBytes
      if !bytes.isEmpty {
        return after ? scalar(startingAt: 0, in: bytes) : scalar(endingBefore: bytes.count, in: bytes)
      }
      cursor = after ? sibling.next : sibling.previous
    }
    guard let sibling = cursor else {
      switch node.parent?.kind {
      case .emphasis, .strong, .link, .image: return "*"
      default: return " "
      }
    }
    switch sibling.kind {
    case .softBreak, .lineBreak: return " "
    case .link where autolinks.contains(sibling.raw):
      let bytes = sibling.firstChild?.literalBytes ?? []
      return after ? scalar(startingAt: 0, in: bytes) : scalar(endingBefore: bytes.count, in: bytes)
    default: return "*"
    }
  }

  private func matchRuns(
    _ runs: inout [TildeRun], tags: (_ count: Int, _ inner: () -> String) -> (enter: String, exit: String)?
  ) {
    var bottoms = [-1, -1, -1]
    var closerIndex = 0
    while closerIndex < runs.count {
      let closer = runs[closerIndex]
      guard !closer.removed, closer.canClose else {
        closerIndex += 1
        continue
      }
      var openerIndex = closerIndex - 1
      var found: Int?
      while openerIndex > bottoms[closer.count % 3] {
        let opener = runs[openerIndex]
        if !opener.removed, opener.canOpen,
          !(closer.canOpen || opener.canClose) || closer.count % 3 == 0 || (opener.count + closer.count) % 3 != 0
        {
          found = openerIndex
          break
        }
        openerIndex -= 1
      }
      if let found {
        if runs[found].count == closer.count,
          let tag = tags(closer.count, { [opener = runs[found].node] in plainText(from: opener, to: closer.node) }),
          let del = CMarkNode.customInline(enter: tag.enter, exit: tag.exit)
        {
          let opener = runs[found].node
          opener.insertBefore(del)
          while let next = opener.next, !next.isSame(closer.node) {
            next.unlink()
            del.append(next)
          }
          opener.unlink()
          closer.node.unlink()
          for index in found...closerIndex { runs[index].removed = true }
        }
      } else {
        bottoms[closer.count % 3] = closerIndex - 1
        if !closer.canOpen { runs[closerIndex].removed = true }
      }
      closerIndex += 1
    }
  }
}

/// The plain text of the siblings strictly between `start` and `end`.
private func plainText(from start: CMarkNode, to end: CMarkNode) -> String {
  var text = ""
  var cursor = start.next
  while let node = cursor, !node.isSame(end) {
    text += node.plainText
    cursor = node.next
  }
  return text
}

/// A run of tildes (or of another delimiter) that may open or close a pair.
struct TildeRun {
  let node: CMarkNode
  let count: Int
  let canOpen: Bool
  let canClose: Bool
  var removed = false
}

/// CommonMark's left- and right-flanking tests for a delimiter run between two characters
/// (`nil` or a space at a line's start or end).
struct Flanking {
  var left: Bool
  var right: Bool

  init(before: Unicode.Scalar?, after: Unicode.Scalar?) {
    let before = before ?? " "
    let after = after ?? " "
    let spaceBefore = isFlankingSpace(before)
    let spaceAfter = isFlankingSpace(after)
    let punctuationBefore = isFlankingPunctuation(before)
    let punctuationAfter = isFlankingPunctuation(after)
    left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
    right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
  }
}
