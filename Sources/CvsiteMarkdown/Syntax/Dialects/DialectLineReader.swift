import CvsiteCore

/// One generator's line syntax (MkDocs' blocks, Python-Markdown's lines, MDX components,
/// DocC's directives), read over the walk every reader of a page shares: the walk keeps
/// the blocks open around each line, fences and list items, and writes the body; a reader
/// says what its lines open, close, replace or leave out.
protocol DialectLineReader {
  /// Whether the page may hold a line this reader reads, from `firstLine` on: a quick
  /// look, so that a page without any walks no further.
  func mayRead(_ source: SourceText, from firstLine: Int) -> Bool

  /// Takes `line` whole before the walk reads it (the rest of a tag written over several
  /// lines, the options of an insertion); true when it did. `width` is its indentation.
  mutating func takes(line: Int, width: Int, isBlank: Bool, walk: inout LineWalk) -> Bool

  /// Whether `line` (`text` from its first non-space byte, at the column of `group`)
  /// goes on with that group of blocks, which this reader opened (the next `=== "Tab"`
  /// of a tab group).
  func continues(_ group: WalkBlock, with text: ArraySlice<UInt8>, line: Int, source: SourceText) -> Bool

  /// Reads a line with text, outside code, after the blocks it closes; true when the line
  /// is read (the walk goes on to the next line), false to offer it to the next reader.
  /// A reader that places `line.closings` empties them.
  mutating func read(_ line: inout WalkedLine, walk: inout LineWalk) -> Bool

  /// At the end of the page, before the blocks still open are closed: what the reader
  /// reports of them, and what it hands over (abbreviations, definition lines).
  mutating func finish(walk: inout LineWalk)
}

extension DialectLineReader {
  mutating func takes(line: Int, width: Int, isBlank: Bool, walk: inout LineWalk) -> Bool { false }
  func continues(_ group: WalkBlock, with text: ArraySlice<UInt8>, line: Int, source: SourceText) -> Bool {
    false
  }
  mutating func finish(walk: inout LineWalk) {}
}

/// A line with text as the walk offers it to the readers.
struct WalkedLine {
  /// The line's number in the page.
  let number: Int
  /// The line from its first non-space byte.
  let text: ArraySlice<UInt8>
  /// Its indentation in columns, as written (a tab to the next multiple of four).
  let width: Int
  /// Its indentation in bytes.
  let indentBytes: Int
  /// Its indentation past the blocks around it.
  let relativeWidth: Int
  /// The closings of the blocks the line ends, still to be placed, and the column they
  /// are written at.
  var closings: (events: [DirectiveLine], indent: Int)
}

/// A block open around the lines being walked.
struct WalkBlock {
  /// How a block ends.
  enum Closing: Equatable {
    /// At a line indented less than four columns past its opener (MkDocs' callouts and
    /// tabs); its lines lose those four columns.
    case indented
    /// A group of blocks at one column (MkDocs' tab group): at a line there that does not
    /// go on with the group; its lines lose nothing.
    case group
    /// By a closing of its own (an MDX component's closing tag, a DocC directive's `}`)
    /// or the end of the page; its lines lose what its content is indented by past it.
    case tagged(String)
  }

  var closing: Closing
  /// The opener's column as written.
  var column: Int
  /// The opener's line.
  var line: Int
  /// A tagged block's content column: that of its first line.
  var contentIndent: Int?
  /// Whether it stands for a container (a component cvsite does not read does not: its
  /// tags stay as written, its content is read as the page's).
  var emits = true
  /// A `<Tabs>`'s labels of its tabs by value (Docusaurus' `values`).
  var tabLabels: [String: String] = [:]
  /// Whether one of a `<Tabs>`'s tabs is its `default` already.
  var hasDefault = false
  /// The values a tab group's tabs derive from their labels, so far.
  var tabValues = Set<String>()
  /// What it stands for, as its reader names it: a DocC directive (`Links`; `Topics` for
  /// a grid of topics), the fence of a pymdownx group of tabs.
  var directive: String?
  /// A grid of links' style (`compactGrid`, `detailedGrid`).
  var grid: String?

  init(_ closing: Closing, column: Int, line: Int) {
    self.closing = closing
    self.column = column
    self.line = line
  }

  /// The columns its lines lose.
  var indent: Int {
    switch closing {
    case .group: return 0
    case .indented: return 4
    case .tagged: return max(0, (contentIndent ?? column) - column)
    }
  }
}
