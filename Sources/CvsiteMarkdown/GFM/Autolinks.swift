import CvsiteCore

/// One extended autolink found in a run of text: its byte range and its URL.
struct AutolinkMatch: Equatable {
  var range: Range<Int>
  var url: String
}

/// GFM's extended autolinks in `text` (a text node of cmark's tree, never inside a link):
/// `www.` and `http://`, `https://`, `ftp://` links, then e-mail addresses, with GFM's
/// rules for valid domains and trailing punctuation. Byte offsets into `text`. No `www.` or
/// scheme link starts while a `[` is open (`bracketsBefore` counts those before `text`).
func extendedAutolinks(in text: [UInt8], bracketsBefore: Int = 0) -> [AutolinkMatch] {
  var matches: [AutolinkMatch] = []
  var index = 0
  var brackets = bracketsBefore
  while index < text.count {
    let byte = text[index]
    if byte == 0x5B {
      brackets += 1
      index += 1
    } else if byte == 0x5D {
      brackets = max(0, brackets - 1)
      index += 1
    } else if brackets > 0 {
      index += 1
    } else if byte == 0x77, let end = wwwLinkEnd(text, at: index) {
      matches.append(
        AutolinkMatch(range: index..<end, url: "http://" + String(decoding: text[index..<end], as: UTF8.self)))
      index = end
    } else if byte == 0x3A, let (start, end) = schemeLink(text, colon: index),
      start >= (matches.last?.range.upperBound ?? 0)
    {
      matches.append(AutolinkMatch(range: start..<end, url: String(decoding: text[start..<end], as: UTF8.self)))
      index = end
    } else {
      index += 1
    }
  }
  // E-mail addresses come after, in the text the links left (as `cmark-gfm` finds them
  // in a pass after its inline parse).
  var emails: [AutolinkMatch] = []
  var pieceStart = 0
  for bound in matches.map(\.range) + [text.count..<text.count] {
    emails += emailLinks(text, in: pieceStart..<bound.lowerBound)
    pieceStart = bound.upperBound
  }
  return (matches + emails).sorted { $0.range.lowerBound < $1.range.lowerBound }
}

private func isHostCharacter(_ text: [UInt8], _ index: Int) -> Bool {
  let byte = text[index]
  if byte >= 0x80 { return !isUnicodePunctuationOrSpace(text, index) }
  return isASCIIAlphanumeric(byte)
}

private func isASCIISpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

/// GFM's domain check from `start`: how far the domain goes, or `nil` when an underscore
/// sits in its last two labels (or, unless `allowShort`, it has no period).
private func domainLength(_ text: [UInt8], from start: Int, end: Int, allowShort: Bool) -> Int? {
  let size = end - start
  guard size > 0 else { return nil }
  var periods = 0
  var underscoresBefore = 0
  var underscores = 0
  var index = 1
  while index < size - 1 {
    let byte = text[start + index]
    if byte == 0x5F {
      underscores += 1
    } else if byte == 0x2E {
      underscoresBefore = underscores
      underscores = 0
      periods += 1
    } else if !isHostCharacter(text, start + index), byte != 0x2D {
      break
    }
    index += 1
  }
  if underscoresBefore > 0 || underscores > 0 { return nil }
  if allowShort { return index }
  return periods > 0 ? index : nil
}

/// Where a link that GFM would end at `end` really ends: before a `<`, without trailing
/// `?!.,:*_~'"`, an entity-like `&name;`, or an unbalanced `)`.
private func trimmedLinkEnd(_ text: [UInt8], from start: Int, end: Int) -> Int {
  var end = end
  if let angle = text[start..<end].firstIndex(of: 0x3C) { end = angle }
  while end > start {
    let last = text[end - 1]
    if "?!.,:*_~'\"".utf8.contains(last) {
      end -= 1
    } else if last == 0x3B {
      var probe = end - 2
      while probe > start, isASCIILetter(text[probe]) { probe -= 1 }
      if probe < end - 2, probe >= start, text[probe] == 0x26 { end = probe } else { end -= 1 }
    } else if last == 0x29 {
      var opening = 0
      var closing = 0
      for byte in text[start..<end] {
        if byte == 0x28 { opening += 1 } else if byte == 0x29 { closing += 1 }
      }
      if closing <= opening { break }
      end -= 1
    } else {
      break
    }
  }
  return end
}

private func wwwLinkEnd(_ text: [UInt8], at start: Int) -> Int? {
  if start > 0 {
    let before = text[start - 1]
    guard "*_~(".utf8.contains(before) || isASCIISpaceByte(before) else { return nil }
  }
  guard text.count - start >= 4, text[start + 1] == 0x77, text[start + 2] == 0x77, text[start + 3] == 0x2E,
    let domain = domainLength(text, from: start, end: text.count, allowShort: false)
  else { return nil }
  var end = start + domain
  while end < text.count, !isASCIISpaceByte(text[end]) { end += 1 }
  end = trimmedLinkEnd(text, from: start, end: end)
  return end > start ? end : nil
}

private func schemeLink(_ text: [UInt8], colon: Int) -> (Int, Int)? {
  guard text.count - colon >= 4, text[colon + 1] == 0x2F, text[colon + 2] == 0x2F else { return nil }
  var start = colon
  while start > 0, isASCIILetter(text[start - 1]) { start -= 1 }
  let scheme = String(decoding: text[start..<colon], as: UTF8.self).lowercased()
  guard ["http", "https", "ftp"].contains(scheme), colon + 3 < text.count, isHostCharacter(text, colon + 3),
    let domain = domainLength(text, from: colon + 3, end: text.count, allowShort: true), domain > 0
  else { return nil }
  var end = colon + 3 + domain
  while end < text.count, !isASCIISpaceByte(text[end]) { end += 1 }
  end = trimmedLinkEnd(text, from: colon, end: end)
  return end > colon ? (start, end) : nil
}

private func emailLinks(_ text: [UInt8], in range: Range<Int>) -> [AutolinkMatch] {
  var found: [AutolinkMatch] = []
  var offset = range.lowerBound
  while offset < range.upperBound, let at = text[offset..<range.upperBound].firstIndex(of: 0x40) {
    var start = at
    var slash = false
    while start > offset {
      let byte = text[start - 1]
      if isASCIIAlphanumeric(byte) || ".+-_".utf8.contains(byte) {
        start -= 1
        continue
      }
      if byte == 0x2F { slash = true }
      break
    }
    guard start < at, !slash else {
      offset = at + 1
      continue
    }
    var end = at
    var ats = 0
    var periods = 0
    while end < range.upperBound {
      let byte = text[end]
      if isASCIIAlphanumeric(byte) {
      } else if byte == 0x40 {
        ats += 1
      } else if byte == 0x2E, end < range.upperBound - 1, isASCIIAlphanumeric(text[end + 1]) {
        periods += 1
      } else if byte != 0x2D, byte != 0x5F {
        break
      }
      end += 1
    }
    guard end - at >= 2, ats == 1, periods > 0, isASCIILetter(text[end - 1]) || text[end - 1] == 0x2E else {
      offset = at + 1
      continue
    }
    end = trimmedLinkEnd(text, from: at, end: end)
    guard end > at else {
      offset = at + 1
      continue
    }
    found.append(
      AutolinkMatch(range: start..<end, url: "mailto:" + String(decoding: text[start..<end], as: UTF8.self)))
    offset = end
  }
  return found
}
