import CvsiteCore
import Foundation

/// Reads a page's rendered body for the search index: its passages (text under each
/// heading and inside each container child, with where it sits, as the page's
/// ``PageStructure`` says), its terms counted per field.
///
/// The body is HTML this build just rendered from the page's view tree, in memory: a
/// light scan of tags and text, not a re-parse of files. Script and style content,
/// heading anchor links (`#`) and a container's own text outside its children (tab
/// buttons) are not indexed.
struct SearchExtractor {
  var tokenizer: SearchTokenizer
  /// Where the body's containers and children are; empty for a body without them.
  var structure = PageStructure()

  // Computed, not stored: a stored static read in the scan's loops costs a
  // `swift_once` check each time.
  /// A passage's text beyond this many bytes is indexed but not kept for excerpts.
  static var passageLimit: Int { 4_096 }
  /// The page's kept text stops here (96 KiB).
  static var keptLimit: Int { 98_304 }
  /// Text beyond this many bytes of a page is not indexed at all (1 MiB).
  static var indexedLimit: Int { 1_048_576 }

  /// The page's record; `name` is the name of the page's symbol, on an API reference
  /// page.
  func extract(bodyHTML: String, title: String, name: String? = nil) -> SearchRecord {
    var scan = Scan(structure: structure, tokenizer: tokenizer)
    var title = title
    title.withUTF8 { scan.countTerms($0, field: .title) }
    if var name { name.withUTF8 { scan.countTerms($0, field: .name) } }
    var copy = bodyHTML
    copy.withUTF8 { scan.run($0) }
    return SearchRecord(
      passagesJSON: scan.passages.finish(), termBytes: scan.counter.prefixedTerms(),
      packedCounts: scan.counter.packedCounts,
      length: scan.length)
  }
}

/// One pass over the body's bytes.
private struct Scan {
  let boundaries: [PageStructure.Boundary]
  let marks: [SearchChildMark]
  /// The next boundary to reach, and its offset (`Int.max` past the last).
  private var nextBoundary = 0
  private var nextOffset = Int.max
  let tokenizer: SearchTokenizer
  var passages = PassageWriter()
  let counter = TermCounter()
  /// Terms in the body.
  var length = 0

  /// What the passage being read has so far.
  private let text = ByteStore(capacity: 4_096)
  private var pendingSpace = false
  /// Bytes of text seen on the page, against ``SearchExtractor/indexedLimit``.
  private var seen = 0
  private var kept = 0
  /// The places (anchor and crumb texts) of the passages made for a heading or child
  /// with no text under it, by a hash of the place, each list compared in turn: a few
  /// a page, and found at once among many on a hostile one.
  private var emptyPlaces: [UInt64: [(anchor: String, crumbs: [SearchRecord.Crumb])]] = [:]

  private enum Frame { case container, child }
  private var frames: [Frame] = [] {
    didSet { inContainerChrome = frames.last == .container }
  }
  /// Between a container's start and its first child, or after its last (tab buttons,
  /// step numbers): kept as the frames change, since every tag and text run asks.
  private var inContainerChrome = false
  private struct Crumb {
    var container: String
    var text: String?
    var anchor: String
    var level: Int
  }
  private var crumbs: [Crumb] = []

  /// Inside `<script>`, `<style>` or a heading's anchor link: the closing tag's packed
  /// name; 0 otherwise.
  private var skippingUntil: UInt64 = 0
  /// The heading being read: its level (0 outside headings) and id, and its text so far.
  private var headingLevel = 0
  private var headingID = ""
  private var headingText: [UInt8] = []

  init(structure: PageStructure, tokenizer: SearchTokenizer) {
    boundaries = structure.boundaries
    marks = structure.children
    nextOffset = boundaries.first?.offset ?? .max
    self.tokenizer = tokenizer
  }

  /// Counts the terms of `text` in `field`.
  mutating func countTerms(_ text: UnsafeBufferPointer<UInt8>, field: TermCounter.Field) {
    let added = counter.addTerms(of: text, field: field, tokenizer: tokenizer)
    if field == .body { length += added }
  }

  mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = bytes.count
    while index < count {
      if index >= nextOffset {
        // A boundary inside a tag or an entity is reached just after it.
        reachBoundaries(upTo: index)
        continue
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        index = tag(bytes, at: index)
        continue
      }
      if byte == UInt8(ascii: "&") {
        index = entity(bytes, at: index)
        continue
      }
      // A run of plain text, up to the next tag, entity or boundary.
      let limit = min(count, nextOffset)
      var end = index + 1
      // Eight bytes at a time up to a word that holds one of them. Each test's lowest
      // mark is right, and a wrong mark of one comes after a right one of the same.
      if let base = bytes.baseAddress {
        while end + 8 <= limit {
          let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self).littleEndian
          let stops = ByteWords.equalFirst(word, UInt8(ascii: "<")) | ByteWords.equalFirst(word, UInt8(ascii: "&"))
          if stops != 0 {
            end += ByteWords.firstMarked(stops)
            break
          }
          end += 8
        }
      }
      while end < limit {
        let next = bytes[end]
        if next == UInt8(ascii: "<") || next == UInt8(ascii: "&") { break }
        end += 1
      }
      end = min(end, limit)
      addText(UnsafeBufferPointer(rebasing: bytes[index..<end]))
      index = end
    }
    reachBoundaries(upTo: .max)
    finishPassage()
  }

  // MARK: Text

  private mutating func addText(_ byte: UInt8) {
    guard skippingUntil == 0, !inContainerChrome else { return }
    if Self.isSpace(byte) {
      pendingSpace = true
      return
    }
    if headingLevel != 0 {
      if pendingSpace, !headingText.isEmpty { headingText.append(0x20) }
      pendingSpace = false
      if headingText.count < SearchExtractor.passageLimit { headingText.append(byte) }
      return
    }
    guard seen < SearchExtractor.indexedLimit else { return }
    seen += 1
    if pendingSpace, !text.isEmpty { text.append(0x20) }
    pendingSpace = false
    text.append(byte)
  }

  /// ``addText(_:)-(UInt8)`` for a run of bytes: the checks made once for the run.
  private mutating func addText(_ run: UnsafeBufferPointer<UInt8>) {
    guard skippingUntil == 0, !inContainerChrome else { return }
    guard headingLevel == 0 else {
      for byte in run { addText(byte) }
      return
    }
    guard seen < SearchExtractor.indexedLimit, !run.isEmpty else { return }
    seen += run.count
    // Leading white space only marks a break; the rest is copied at once, then white
    // space collapsed in place (the writing never gets ahead of the reading).
    var first = 0
    while first < run.count, Self.isSpace(run[first]) { first += 1 }
    guard first < run.count else {
      pendingSpace = true
      return
    }
    if pendingSpace || first > 0, let last = text.last, last != 0x20 { text.append(0x20) }
    // The run is copied with its white space collapsed (the writing never gets ahead
    // of the reading, so the room for the whole run is enough).
    guard let source = run.baseAddress else { return }
    text.reserve(run.count - first)
    let out = text.base
    var written = text.count
    var space = false
    var read = first
    let end = run.count
    while read < end {
      // Eight bytes that need no change (no control character, no space after a space,
      // counting the byte before them) move as one word: prose mostly.
      if read + 8 <= end {
        let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
        let bytes = word.littleEndian
        let spaces = ByteWords.equal(bytes, 0x20)
        if ByteWords.below(bytes, 0x20) | (spaces & (spaces << 8 | (space ? 0x80 : 0))) == 0 {
          UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
          written += 8
          read += 8
          space = spaces >> 63 != 0
          continue
        }
      }
      // Otherwise without branches on the byte: it is written (a space as 0x20), and
      // the write position moves on unless it is a space after a space.
      let byte = source[read]
      let isSpace = Self.isSpace(byte)
      out[written] = isSpace ? 0x20 : byte
      written += isSpace && space ? 0 : 1
      space = isSpace
      read += 1
    }
    // A space at the end stays pending: the next text may not need it.
    if space { written -= 1 }
    text.setCount(written)
    pendingSpace = space
  }

  /// Space, tab, line feed, form feed or carriage return (and 0x0B, which is no text
  /// either).
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte &- 0x09 < 5
  }

  private mutating func addText(_ scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { addText($0) }
  }

  private mutating func finishPassage() {
    defer {
      text.removeAll()
      pendingSpace = false
    }
    guard !text.isEmpty || crumbs.contains(where: { $0.text != nil }) else { return }
    let anchor = crumbs.last(where: { !$0.anchor.isEmpty })?.anchor ?? ""
    var shown: [SearchRecord.Crumb] = []
    shown.reserveCapacity(crumbs.count)
    for crumb in crumbs {
      if let text = crumb.text { shown.append(SearchRecord.Crumb(container: crumb.container, text: text)) }
    }
    // A heading with nothing under it is a passage once (its title can match), not
    // again each time a child closes under it.
    if text.isEmpty {
      let key = Self.placeHash(anchor, shown)
      if emptyPlaces[key]?.contains(where: { $0.anchor == anchor && Self.sameTexts($0.crumbs, shown) }) == true {
        return
      }
      emptyPlaces[key, default: []].append((anchor, shown))
    }
    countTerms(text.buffer, field: .body)
    var keptBytes = 0
    if kept < SearchExtractor.keptLimit {
      keptBytes = Self.prefixLength(
        text.buffer, bytes: min(SearchExtractor.passageLimit, SearchExtractor.keptLimit - kept))
      kept += keptBytes
    }
    passages.add(anchor: anchor, crumbs: shown, text: UnsafeBufferPointer(rebasing: text.buffer[0..<keptBytes]))
  }

  /// Whether two lists of crumbs show the same texts.
  private static func sameTexts(_ a: [SearchRecord.Crumb], _ b: [SearchRecord.Crumb]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.text == $1.text }
  }

  /// FNV-1a of an anchor and crumb texts, each followed by a byte no text holds.
  private static func placeHash(_ anchor: String, _ crumbs: [SearchRecord.Crumb]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ text: String) {
      for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      hash = (hash ^ 0xFF) &* 0x100_0000_01b3
    }
    add(anchor)
    for crumb in crumbs { add(crumb.text) }
    return hash
  }

  /// The length of the longest prefix of UTF-8 `text` of at most `bytes` bytes that
  /// ends on a character boundary.
  private static func prefixLength(_ text: UnsafeBufferPointer<UInt8>, bytes: Int) -> Int {
    guard text.count > bytes else { return text.count }
    var end = bytes
    // Back to the start of a scalar: continuation bytes are 0b10xxxxxx.
    while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
    return end
  }

  // MARK: Containers

  /// Takes in the boundaries at or before `offset`.
  private mutating func reachBoundaries(upTo offset: Int) {
    while nextBoundary < boundaries.count, boundaries[nextBoundary].offset <= offset {
      reach(boundaries[nextBoundary].event)
      nextBoundary += 1
    }
    nextOffset = nextBoundary < boundaries.count ? boundaries[nextBoundary].offset : .max
  }

  private mutating func reach(_ event: PageStructure.Event) {
    switch event {
    case .containerOpen:
      frames.append(.container)
    case .containerClose:
      if frames.last == .container { frames.removeLast() }
    case .childOpen(let number):
      finishPassage()
      frames.append(.child)
      let mark = number < marks.count ? marks[number] : nil
      crumbs.append(Crumb(container: mark?.container ?? "", text: mark?.label, anchor: mark?.id ?? "", level: 0))
      if var label = mark?.label { label.withUTF8 { countTerms($0, field: .heading) } }
    case .childClose:
      finishPassage()
      if frames.last == .child { frames.removeLast() }
      while let crumb = crumbs.popLast(), crumb.level != 0 {}
    }
  }

  // MARK: Tags

  /// Reads the tag at `start` (`<`) and returns the index after it.
  private mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
    let count = bytes.count
    var index = start + 1
    if index + 2 < count, bytes[index] == UInt8(ascii: "!"), bytes[index + 1] == UInt8(ascii: "-"),
      bytes[index + 2] == UInt8(ascii: "-")
    {
      // A comment: up to `-->`.
      index += 3
      while index + 2 < count,
        !(bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-")
          && bytes[index + 2] == UInt8(ascii: ">"))
      {
        index += 1
      }
      return min(count, index + 3)
    }
    let closing = index < count && bytes[index] == UInt8(ascii: "/")
    if closing { index += 1 }
    let nameStart = index
    // The name, lowercased, packed into a word, first byte lowest (longer names: no
    // element of interest): read as a word when eight bytes are there.
    var name: UInt64 = 0
    if let base = bytes.baseAddress, index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
      let nameBytes =
        ByteWords.letters(word) | ByteWords.within(word, 0x30, 0x39)
        | ByteWords.equal(word, UInt8(ascii: "-"))
      let length = ByteWords.firstMarked(~nameBytes & ByteWords.highs)
      index += length
      while length == 8, index < count, Self.isNameByte(bytes[index]) { index += 1 }
      name = index - nameStart > 8 ? .max : (word | ByteWords.ones &* 0x20) & TextBlock.bits(below: length * 8)
    } else {
      while index < count, Self.isNameByte(bytes[index]) { index += 1 }
      if index - nameStart <= 8 {
        for byte in bytes[nameStart..<index].reversed() { name = name << 8 | UInt64(byte | 0x20) }
      } else {
        name = .max
      }
    }
    if index == nameStart {
      // Not a tag: a lone `<` in text.
      addText(UInt8(ascii: "<"))
      return start + 1
    }
    let attributesStart = index
    // The tag ends at the next `>`: this build escapes `>` inside attribute values.
    // Most tags have no attributes (`<p>`, `</em>`): their `>` follows the name.
    if index >= count || bytes[index] != UInt8(ascii: ">") {
      if let base = bytes.baseAddress, index < count,
        let found = memchr(base + index, Int32(UInt8(ascii: ">")), count - index)
      {
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      } else {
        index = count
      }
    }
    let attributes = UnsafeBufferPointer(rebasing: bytes[attributesStart..<index])
    let end = min(count, index + 1)
    if skippingUntil != 0 {
      if closing, name == skippingUntil { skippingUntil = 0 }
      return end
    }
    if !closing, name == Self.script || name == Self.style || name == Self.template {
      skippingUntil = name
      return end
    }
    if name == Self.anchor {
      // A heading's own `#` link is not its text.
      if !closing, headingLevel != 0,
        Self.attribute(Self.classKey, is: "cv-anchor", in: attributes)
      {
        skippingUntil = name
      }
      return end
    }
    let first = UInt8(truncatingIfNeeded: name)
    let second = UInt8(truncatingIfNeeded: name >> 8)
    if name >> 16 == 0, first == UInt8(ascii: "h"), second >= UInt8(ascii: "1"), second <= UInt8(ascii: "6") {
      let level = Int(second - UInt8(ascii: "0"))
      if closing {
        if headingLevel != 0 { endHeading() }
      } else if !inContainerChrome {
        finishPassage()
        headingLevel = level
        headingID = Self.attribute(Self.idKey, in: attributes) ?? ""
        headingText.removeAll(keepingCapacity: true)
      }
      return end
    }
    if !Self.isInline(name) { pendingSpace = true }
    return end
  }

  private mutating func endHeading() {
    let level = headingLevel
    headingLevel = 0
    pendingSpace = false
    headingText.withUnsafeBufferPointer { countTerms($0, field: .heading) }
    let text = String(decoding: headingText, as: UTF8.self)
    headingText.removeAll(keepingCapacity: true)
    while let last = crumbs.last, last.level >= level { crumbs.removeLast() }
    crumbs.append(Crumb(container: "", text: text.isEmpty ? nil : text, anchor: headingID, level: level))
  }

  /// Decodes the entity at `start` (`&`) into the text; returns the index after it.
  private mutating func entity(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
    var index = start + 1
    let limit = min(bytes.count, start + 12)
    while index < limit, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: "&"),
      bytes[index] != UInt8(ascii: "<"), bytes[index] > 0x20
    {
      index += 1
    }
    guard index < limit, bytes[index] == UInt8(ascii: ";") else {
      addText(UInt8(ascii: "&"))
      return start + 1
    }
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self)
    // A no-break space is a break between words here, like any space.
    let scalar = characterReference(name).map { $0 == "\u{A0}" ? " " : $0 }
    guard let scalar else {
      addText(UInt8(ascii: "&"))
      return start + 1
    }
    if scalar.isASCII { addText(UInt8(scalar.value)) } else { addText(scalar) }
    return index + 1
  }

  /// The value of the attribute whose ` name="` is `key` (double-quoted, as this build
  /// writes them).
  private static func attribute(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let start = firstOffset(of: key, in: bytes, within: 0..<bytes.count) else { return nil }
    let valueStart = start + key.count
    let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<end]), as: UTF8.self)
  }

  /// Whether the attribute whose ` name="` is `key` has the value `value`: the bytes
  /// ``attribute(_:in:)`` would read, compared without making a string.
  private static func attribute(_ key: [UInt8], is value: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = firstOffset(of: key, in: bytes, within: 0..<bytes.count), let base = bytes.baseAddress else {
      return false
    }
    let valueStart = start + key.count
    let length = value.utf8CodeUnitCount
    guard valueStart + length <= bytes.count, memcmp(base + valueStart, value.utf8Start, length) == 0 else {
      return false
    }
    return valueStart + length == bytes.count || bytes[valueStart + length] == UInt8(ascii: "\"")
  }

  private static let idKey = Array(" id=\"".utf8)
  private static let classKey = Array(" class=\"".utf8)

  private static func isNameByte(_ byte: UInt8) -> Bool { isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-") }

  // Tag names packed as ``tag(_:at:)`` packs them, first byte lowest (`script` is
  // 74 70 69 72 63 73); literals, since a static computed once costs a `swift_once`
  // check on every tag.
  private static var script: UInt64 { 0x7470_6972_6373 }
  private static var style: UInt64 { 0x65_6C79_7473 }
  private static var template: UInt64 { 0x6574_616C_706D_6574 }
  private static var anchor: UInt64 { 0x61 }

  /// Elements inside which text runs on without a break: `a`, `abbr`, `b`, `bdi`, `bdo`,
  /// `cite`, `code`, `data`, `del`, `dfn`, `em`, `i`, `ins`, `kbd`, `mark`, `q`, `s`,
  /// `samp`, `small`, `span`, `strong`, `sub`, `sup`, `time`, `u`, `var`, `wbr`.
  @inline(__always)
  private static func isInline(_ name: UInt64) -> Bool {
    // The names above packed, first byte lowest (`em` is 0x6D65).
    switch name {
    case 0x61, 0x7262_6261, 0x62, 0x69_6462, 0x6F_6462, 0x6574_6963, 0x6564_6F63, 0x6174_6164, 0x6C_6564, 0x6E_6664,
      0x6D65, 0x69, 0x73_6E69, 0x64_626B, 0x6B72_616D, 0x71, 0x73, 0x706D_6173, 0x6C_6C61_6D73, 0x6E61_7073,
      0x676E_6F72_7473, 0x62_7573, 0x70_7573, 0x656D_6974, 0x75, 0x72_6176, 0x72_6277:
      return true
    default:
      return false
    }
  }
}
