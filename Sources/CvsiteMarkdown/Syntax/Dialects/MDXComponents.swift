import CvsiteCore
import Foundation

/// A line that is one MDX component tag, as Docusaurus and Starlight pages write them on
/// lines of their own: `<Tabs groupId="os">`, `<TabItem value="mac" label="macOS" default>`,
/// `</TabItem>`, `<Aside type="tip" title="Careful">`, `<Card title="Stars" />`.
struct MDXTag {
  var name: String
  var isClosing = false
  var isSelfClosing = false
  /// The attributes as written: `default` is a flag (`nil`), `{true}` is `true`.
  var attributes: [(name: String, value: String?)] = []

  /// Reads `text` (a line without its indentation); nil when it is not one whole tag of a
  /// capitalised component.
  init?(_ text: ArraySlice<UInt8>) {
    var end = text.endIndex
    while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
    guard end - text.startIndex >= 3, text.first == 0x3C, text[end - 1] == 0x3E else { return nil }
    var index = text.startIndex + 1
    if text[index] == 0x2F {
      isClosing = true
      index += 1
    }
    guard index < end, (0x41...0x5A).contains(text[index]) else { return nil }
    let nameStart = index
    while index < end, isASCIIAlphanumeric(text[index]) || text[index] == 0x2E { index += 1 }
    name = String(decoding: text[nameStart..<index], as: UTF8.self)
    var close = end - 1
    if text[close - 1] == 0x2F {
      isSelfClosing = true
      close -= 1
    }
    guard !(isClosing && isSelfClosing) else { return nil }
    // Attributes: name, name="value", name='value', name={expression}.
    while index < close {
      while index < close, isSpace(text[index]) { index += 1 }
      guard index < close else { break }
      guard !isClosing, isASCIILetter(text[index]) else { return nil }
      let attributeStart = index
      while index < close, isASCIIAlphanumeric(text[index]) || text[index] == 0x2D || text[index] == 0x5F { index += 1 }
      let attribute = String(decoding: text[attributeStart..<index], as: UTF8.self)
      guard index < close, text[index] == 0x3D else {
        attributes.append((attribute, nil))
        continue
      }
      index += 1
      guard index < close else { return nil }
      let opening = text[index]
      let closing: UInt8
      switch opening {
      case 0x22, 0x27: closing = opening
      case 0x7B: closing = 0x7D
      default: return nil
      }
      guard let valueEnd = Self.end(of: text[(index + 1)..<close], closing: closing, nested: opening == 0x7B) else {
        return nil
      }
      var value = String(decoding: text[(index + 1)..<valueEnd], as: UTF8.self)
      if opening == 0x7B {
        // `{true}`, `{"text"}`, `{'text'}`: the value written; other expressions as is.
        value = value.trimmingSpaces
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
          value = String(value.dropFirst().dropLast())
        }
      }
      attributes.append((attribute, value))
      index = valueEnd + 1
    }
  }

  /// A component written on one line with its content: `<Aside type="tip">Text.</Aside>`.
  static func oneLine(_ text: ArraySlice<UInt8>) -> (MDXTag, ArraySlice<UInt8>)? {
    guard text.first == 0x3C, let close = text.firstIndex(of: 0x3E), close + 1 < text.endIndex,
      let tag = MDXTag(text[...close]), !tag.isClosing, !tag.isSelfClosing
    else { return nil }
    var end = text.endIndex
    while end > close, isSpace(text[end - 1]) { end -= 1 }
    let closing = Array("</\(tag.name)>".utf8)
    guard end - (close + 1) >= closing.count, text[(end - closing.count)..<end].elementsEqual(closing) else {
      return nil
    }
    return (tag, text[(close + 1)..<(end - closing.count)])
  }

  /// Where a value ends: the first `closing` byte, or for a `{…}` expression the `}`
  /// that balances it (braces inside quotes left aside).
  private static func end(of text: ArraySlice<UInt8>, closing: UInt8, nested: Bool) -> Int? {
    guard nested else { return text.firstIndex(of: closing) }
    var depth = 0
    var quote: UInt8?
    for index in text.indices {
      let byte = text[index]
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case 0x22, 0x27, 0x60: quote = byte
      case 0x7B: depth += 1
      case 0x7D:
        if depth == 0 { return index }
        depth -= 1
      default: break
      }
    }
    return nil
  }

  func attribute(_ name: String) -> String?? {
    attributes.first { $0.name == name }.map(\.value)
  }

  /// Whether the attribute is set: written bare, or `true`.
  func flag(_ name: String) -> Bool {
    guard let value = attribute(name) else { return false }
    return value == nil || value == "true"
  }

  /// The components cvsite reads, and the container each is.
  static let containers: [String: String] = [
    "Tabs": "tabs", "TabItem": "tab", "Aside": "callout", "Admonition": "callout", "Steps": "steps",
    "CardGrid": "cards", "Card": "card",
  ]

  /// The directive this tag opens, for a component cvsite reads.
  func directive() -> DirectiveLine? {
    guard let container = Self.containers[name], !isSelfClosing else { return nil }
    var directive = DirectiveLine(kind: isClosing ? .close(fence: 3) : .open(fence: 3), offset: 0)
    guard !isClosing else { return directive }
    var pairs: [(String, String?)] = []
    switch name {
    case "Tabs":
      directive.name = "tabs"
      // Docusaurus' `groupId` and Starlight's `syncKey`: tabs that switch together.
      if let sync = attribute("groupId") ?? attribute("syncKey"), let sync { pairs.append(("sync", sync)) }
    case "TabItem":
      directive.name = "tab"
      let value = attribute("value") ?? nil
      directive.label = (attribute("label") ?? nil) ?? value
      if let value { pairs.append(("value", value)) }
      if flag("default") { pairs.append(("default", nil)) }
    case "Aside", "Admonition":
      // `type` is the kind (`note` when not written): a callout of that kind.
      directive.name = (attribute("type") ?? nil) ?? "note"
      directive.label = attribute("title") ?? nil
    case "Card":
      directive.name = "card"
      directive.label = attribute("title") ?? nil
    default:
      directive.name = container
    }
    if !pairs.isEmpty {
      directive.attributes = AttributeBlock(
        attributes: pairs.map { RawAttribute(kind: .pair(key: $0.0, value: $0.1), offset: 0) }, start: 0, end: 0)
    }
    return directive
  }

  /// Docusaurus' `values={[{label: 'iOS', value: 'ios'}, …]}` on `<Tabs>`: each tab's
  /// label by its value, for `<TabItem value="ios">` written without a label.
  var tabLabels: [String: String] {
    guard let values = attribute("values") ?? nil else { return [:] }
    var labels: [String: String] = [:]
    for object in values.split(separator: "}") {
      func field(_ name: String) -> String? {
        guard let key = object.range(of: name + ":") else { return nil }
        let rest = object[key.upperBound...].drop { $0 == " " }
        guard let quote = rest.first, quote == "'" || quote == "\"" || quote == "`" else { return nil }
        return rest.dropFirst().prefix { $0 != quote }.description
      }
      if let value = field("value"), let label = field("label") { labels[value] = label }
    }
    return labels
  }

  /// The names an `import` line brings in (`import Tabs from '@theme/Tabs';`,
  /// `import { Aside, Card } from '@astrojs/starlight/components';`); nil when the line is
  /// no import.
  static func importedNames(_ text: ArraySlice<UInt8>) -> [String]? {
    let line = String(decoding: text, as: UTF8.self)
    guard line.hasPrefix("import "), line.range(of: " from ") != nil else { return nil }
    // `import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem';`: each
    // statement of the line, all imports, or the line is prose.
    let statements = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if statements.count > 1 {
      var names: [String] = []
      for statement in statements {
        guard let more = importedNames(ArraySlice(statement.utf8)) else { return nil }
        names += more
      }
      return names
    }
    guard let from = line.range(of: " from ") else { return nil }
    // The module is a quoted string, then perhaps `;`: else the line is prose.
    var module = line[from.upperBound...].trimmingCharacters(in: .whitespaces)
    if module.hasSuffix(";") { module.removeLast() }
    guard module.count >= 2, let quote = module.first, quote == "\"" || quote == "'", module.last == quote,
      !module.dropFirst().dropLast().contains(quote)
    else { return nil }
    // (`import from 'x'` names nothing: its ` from ` starts inside `import `.)
    let namesStart = line.index(line.startIndex, offsetBy: 7)
    guard from.lowerBound >= namesStart else { return [] }
    let names = line[namesStart..<from.lowerBound]
    return names.split(whereSeparator: { " {},".contains($0) }).map(String.init).filter { $0 != "as" }
  }
}
