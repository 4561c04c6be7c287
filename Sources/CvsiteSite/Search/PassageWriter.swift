import CvsiteCore

/// A page's passages written as the JSON array its record keeps
/// (``SearchRecord/passagesJSON``) while the extractor reads them: each passage's text
/// is escaped straight from the extractor's bytes, with no string or passage value made
/// for it on the way.
///
/// Text that continues the passage written last (the same anchor and crumbs: text
/// right under a heading, after a child that added nothing) joins it, so the last
/// passage stays open until another begins. A passage left with no text and no crumbs
/// (the page's kept text ran out) is dropped when it closes.
struct PassageWriter {
  /// The last passage, whose text may still grow.
  private struct Open {
    /// Where the passage starts in the JSON (its comma included).
    var start: Int
    var anchor: String
    var crumbs: [SearchRecord.Crumb]
    var hasText: Bool
  }

  private let json = ByteStore(capacity: 4_096)
  private var open: Open?
  /// Passages closed and kept.
  private var kept = 0

  init() { json.append("[") }

  /// Adds `text` (valid UTF-8, whole characters) as a passage at `anchor` under
  /// `crumbs`, or to the last passage when it sits at the same place.
  mutating func add(anchor: String, crumbs: [SearchRecord.Crumb], text: UnsafeBufferPointer<UInt8>) {
    var output = json
    if let last = open, last.anchor == anchor, last.crumbs == crumbs {
      guard !text.isEmpty else { return }
      if last.hasText { output.append(byte: 0x20) }
      appendJSONEscaped(text, to: &output)
      open?.hasText = true
      return
    }
    close()
    let start = json.count
    Self.appendOpening(anchor: anchor, crumbs: crumbs, first: kept == 0, to: json)
    appendJSONEscaped(text, to: &output)
    open = Open(start: start, anchor: anchor, crumbs: crumbs, hasText: !text.isEmpty)
  }

  /// A passage's JSON up to the inside of its text's string:
  /// `{"a":anchor,"c":[[container,text],…],"x":"` (after a comma unless it is the
  /// `first`).
  static func appendOpening(anchor: String, crumbs: [SearchRecord.Crumb], first: Bool, to json: ByteStore) {
    var output = json
    json.append(first ? "{\"a\":" : ",{\"a\":")
    appendJSONString(anchor, to: &output)
    json.append(",\"c\":[")
    for (number, crumb) in crumbs.enumerated() {
      json.append(number > 0 ? ",[" : "[")
      appendJSONString(crumb.container, to: &output)
      json.append(",")
      appendJSONString(crumb.text, to: &output)
      json.append("]")
    }
    json.append("],\"x\":\"")
  }

  /// The JSON array of the passages added.
  mutating func finish() -> [UInt8] {
    close()
    json.append("]")
    return json.bytes
  }

  private mutating func close() {
    guard let last = open else { return }
    open = nil
    if !last.hasText, last.crumbs.isEmpty {
      json.setCount(last.start)
    } else {
      json.append("\"}")
      kept += 1
    }
  }
}
