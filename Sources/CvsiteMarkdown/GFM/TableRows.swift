/// How a column of a pipe table is aligned (its delimiter cell's colons).
enum ColumnAlignment: Equatable {
  case none, left, center, right

  /// The `style` attribute cvsite writes on the column's cells (HTML5 has no `align`).
  var styleAttribute: String {
    switch self {
    case .none: ""
    case .left: " style=\"text-align: left\""
    case .center: " style=\"text-align: center\""
    case .right: " style=\"text-align: right\""
    }
  }
}

/// The cells of one table row as GFM splits them: an optional leading and trailing `|`,
/// cells split at every `|` not escaped as `\|` (code spans included: splitting comes
/// before inline parsing), `\|` unescaped, each cell trimmed. `nil` for a row with no cell.
func tableCells(_ line: ArraySlice<UInt8>) -> [[UInt8]]? {
  var index = line.startIndex
  var end = line.endIndex
  while index < end, isTableSpace(line[index]) { index += 1 }
  while end > index, isTableSpace(line[end - 1]) { end -= 1 }
  guard index < end else { return nil }
  if line[index] == 0x7C { index += 1 }
  var cells: [[UInt8]] = []
  var cell: [UInt8] = []
  var endedWithPipe = true
  while index < end {
    let byte = line[index]
    if byte == 0x5C, index + 1 < end, line[index + 1] == 0x7C {
      cell.append(0x7C)
      index += 2
      endedWithPipe = false
    } else if byte == 0x7C {
      cells.append(trimmedCell(cell))
      cell.removeAll(keepingCapacity: true)
      index += 1
      endedWithPipe = true
    } else {
      cell.append(byte)
      index += 1
      endedWithPipe = false
    }
  }
  if !endedWithPipe || cells.isEmpty && !cell.isEmpty { cells.append(trimmedCell(cell)) }
  return cells.isEmpty ? nil : cells
}

/// The alignments of a delimiter row (`| :-- | :-: | --: |`), or `nil` when the line is
/// not one: every cell is dashes with optional colons at either end. Dashes alone with no
/// pipe are a setext underline under a paragraph line; cmark leaves them in a paragraph
/// only as a lazy continuation line, which is no table row either.
func delimiterRow(_ line: ArraySlice<UInt8>) -> [ColumnAlignment]? {
  guard line.contains(0x2D), let cells = tableCells(line) else { return nil }
  if cells.count == 1, !line.contains(0x7C), !line.contains(0x3A) { return nil }
  var alignments: [ColumnAlignment] = []
  alignments.reserveCapacity(cells.count)
  for cell in cells {
    guard !cell.isEmpty else { return nil }
    let left = cell.first == 0x3A
    let right = cell.count > 1 && cell.last == 0x3A
    let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
    guard !dashes.isEmpty, dashes.allSatisfy({ $0 == 0x2D }) else { return nil }
    alignments.append(left ? (right ? .center : .left) : (right ? .right : .none))
  }
  return alignments
}

private func isTableSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }

private func trimmedCell(_ cell: [UInt8]) -> [UInt8] {
  var start = 0
  var end = cell.count
  while start < end, isTableSpace(cell[start]) { start += 1 }
  while end > start, isTableSpace(cell[end - 1]) { end -= 1 }
  return start == 0 && end == cell.count ? cell : Array(cell[start..<end])
}
