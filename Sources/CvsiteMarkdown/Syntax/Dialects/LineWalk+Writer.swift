import CvsiteCore

extension LineWalk {
  /// The body (marker lines written as markers, other lines dedented) and its
  /// directives, by line of the body.
  func translated() -> (SourceText, [Int: DirectiveLine], definitions: Set<Int>) {
    var definitions = Set<Int>()
    var output: [UInt8] = []
    output.reserveCapacity(source.bytes.count + directives.count * 24)
    var shift: [Int: Int] = [:]
    var written: [Int] = Array(0...frontMatterLines)
    var markers: [Int: DirectiveLine] = [:]
    let bytes = source.bytes
    output += bytes[0..<(frontMatterLines < source.lineCount ? source.lineStarts[frontMatterLines] : bytes.count)]
    func marker(_ directive: DirectiveLine, indent: Int, for line: Int) {
      // A raw HTML block (`</div>`) runs to a blank line: one goes between it and the marker.
      if lastLineIsHTML(output) {
        written.append(line)
        output.append(0x0A)
      }
      written.append(line)
      markers[written.count - 1] = directive
      output += repeatElement(0x20, count: indent)
      output += PreparedBody.markerPrefix.utf8
      appendDecimal(written.count - 1, to: &output)
      output += "-->".utf8
    }
    for line in (frontMatterLines + 1)...(source.lineCount + 1) {
      if let fence = fenceEnds[line] {
        written.append(line)
        output += fence
        output.append(0x0A)
      }
      if blankBefore.contains(line), !output.isEmpty, !output.suffix(2).elementsEqual([0x0A, 0x0A]) {
        written.append(line)
        output.append(0x0A)
      }
      // A line of directives added here is written at the indentation of the last one
      // placed on it (a component's tags, after the closings the same line makes).
      if let events = closingLines[line], var closing = events.first, let last = events.last {
        closing.more = Array(events.dropFirst())
        marker(closing, indent: last.offset, for: min(line, source.lineCount))
        output.append(0x0A)
      }
      guard line <= source.lineCount else { break }
      let range = source.lineRange(line)
      let ending = range.upperBound..<(line < source.lineCount ? source.lineStarts[line] : bytes.count)
      if let directive = directives[line] {
        // Every directive placed on a line carries the indentation it is written at.
        let indent = directive.offset
        marker(directive, indent: indent, for: line)
        shift[line] = LineText.indentation(bytes[range]).start - range.lowerBound - indent
      } else {
        written.append(line)
        if definitionLines.contains(line) { definitions.insert(written.count - 1) }
        if leftOut.contains(line) {
          // Left out: the line stays, empty.
        } else if let text = replacedLines[line] {
          output += text
        } else if let columns = dedent[line], columns > 0 {
          let (kept, removed, added) = LineText.dedented(bytes[range], columns: columns)
          output += repeatElement(0x20, count: added)
          output += kept
          shift[line] = removed - added
        } else {
          output += bytes[range]
        }
      }
      // The last line may end without a line break: one goes before lines added after it.
      if ending.isEmpty, closingLines[source.lineCount + 1] != nil {
        output.append(0x0A)
      } else {
        output += bytes[ending]
      }
    }
    var text = SourceText(path: source.path, bytes: output)
    let moved = written.count - 1 != source.lineCount || closingLines[source.lineCount + 1] != nil
    if let earlier = source.asWritten {
      text.asWritten = SourceText.AsWritten(composing: earlier, columnShift: shift, writtenLines: written)
    } else {
      text.asWritten = SourceText.AsWritten(source, columnShift: shift, writtenLines: moved ? written : nil)
    }
    return (text, markers, definitions)
  }
}

/// Whether the last line of `output` starts, after its indentation, with `<` and is not a
/// directive marker: a raw HTML block the next line would join.
private func lastLineIsHTML(_ output: [UInt8]) -> Bool {
  guard output.last == 0x0A else { return false }
  var start = output.count - 1
  while start > 0, output[start - 1] != 0x0A { start -= 1 }
  let line = output[start..<(output.count - 1)].drop(while: isSpace)
  return line.first == 0x3C && !line.starts(with: PreparedBody.markerPrefix.utf8)
}
