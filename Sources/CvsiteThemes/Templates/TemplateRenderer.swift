import ContainerViews

/// The state of one rendering of a ``TemplateProgram``: the context stack, the block
/// overrides in force and the indentation of the standalone partial being rendered.
struct TemplateRenderer {
  let program: TemplateProgram
  var stack: [TemplateValue]
  /// Block → the instructions that replace it.
  var overrides: [Int32: Range<Int32>] = [:]
  var indentation: [UInt8] = []
  var depth = 0
  var expansions = 0
  /// Set when partials and blocks nested deeper than ``TemplateLibrary/maximumDepth`` or
  /// expanded more than ``TemplateLibrary/maximumExpansions`` times: the output is cut.
  var tooDeep = false
  /// The partial instruction at which rendering gave up (-1: none, or a block).
  var gaveUpAt: Int32 = -1

  init(program: TemplateProgram, stack: [TemplateValue]) {
    self.program = program
    self.stack = stack
  }

  /// Runs instructions `start..<end`.
  mutating func run(_ start: Int32, _ end: Int32, into output: inout [UInt8]) {
    var index = Int(start)
    let end = Int(end)
    guard !indentation.isEmpty else {
      while index < end { index = step(index, into: &output) }
      return
    }
    // Inside an indented partial, an instruction's output that starts a line is
    // indented. As in swift-mustache, a line ended by `\r\n` is not (it is one
    // `Character`, not a `\n`).
    var local: [UInt8] = []
    while index < end {
      var piece: [UInt8] = []
      index = step(index, into: &piece)
      if !piece.isEmpty, local.last == UInt8(ascii: "\n"),
        local.count < 2 || local[local.count - 2] != UInt8(ascii: "\r")
      {
        local += indentation
      }
      local += piece
    }
    output += local
  }

  /// Runs the instruction at `index` (with its children) and returns the index of the
  /// next one.
  private mutating func step(_ index: Int, into output: inout [UInt8]) -> Int {
    switch program.instructions[index] {
    case .text(let start, let end):
      // A buffer, not a slice of one: appending it is one copy, not a loop over bytes.
      program.bytes.withUnsafeBufferPointer {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]))
      }
      return index + 1
    case .variable(let name, let escaped):
      guard let value = lookup(name) else { return index + 1 }
      switch value {
      case .string(let text):
        if escaped {
          appendEscapedHTML(text, apostrophe: true, to: &output)
        } else {
          output.append(contentsOf: text.utf8)
        }
      case .int(let number): output.append(contentsOf: String(number).utf8)
      case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
      case .list, .object: break
      }
      return index + 1
    case .section(let name, let end):
      guard let value = lookup(name) else { return Int(end) }
      let children = Int32(index + 1)
      switch value {
      case .bool(let flag):
        if flag { run(children, end, into: &output) }
      case .list(let items):
        for item in items {
          stack.append(item)
          run(children, end, into: &output)
          stack.removeLast()
        }
      default:
        stack.append(value)
        run(children, end, into: &output)
        stack.removeLast()
      }
      return Int(end)
    case .inverted(let name, let end):
      let value = lookup(name)
      guard !(value?.isTruthy ?? false) else { return Int(end) }
      if case .list = value {
        // The empty list is the top of the stack inside (what `.` and `.name` see).
        stack.append(.list([]))
        run(Int32(index + 1), end, into: &output)
        stack.removeLast()
      } else {
        run(Int32(index + 1), end, into: &output)
      }
      return Int(end)
    case .partial(let template, let partialIndentation, let partialOverrides):
      guard let range = program.templates[Int(template)] else { return index + 1 }
      guard partialOverrides >= 0 || partialIndentation >= 0 else {
        // Nothing to set up and restore: the common `{{> name}}`.
        nested(range, from: Int32(index), into: &output)
        return index + 1
      }
      let saved = (overrides, indentation)
      if partialIndentation >= 0 { appendIndentation(partialIndentation) }
      if partialOverrides >= 0 {
        // The outer template's override wins over the parent tag's own.
        for override in program.overrideSets[Int(partialOverrides)] where overrides[override.block] == nil {
          overrides[override.block] = override.start..<override.end
        }
      }
      nested(range, from: Int32(index), into: &output)
      (overrides, indentation) = saved
      return index + 1
    case .block(let block, let end, let blockIndentation):
      let saved = (overrides, indentation)
      if blockIndentation >= 0 { appendIndentation(blockIndentation) }
      if let override = overrides.removeValue(forKey: block) {
        // Inside its own override, `{{$name}}` means the default: no endless recursion.
        nested(override, into: &output)
      } else {
        nested(Int32(index + 1)..<end, into: &output)
      }
      (overrides, indentation) = saved
      return Int(end)
    case .jump(let target):
      return Int(target)
    }
  }

  private mutating func appendIndentation(_ index: Int32) {
    let range = program.indentations[Int(index)]
    indentation.append(contentsOf: program.bytes[Int(range.lowerBound)..<Int(range.upperBound)])
  }

  /// Runs `range` one level deeper; `site` is the partial instruction that asks for it
  /// (-1 for a block), remembered if this is where rendering gives up.
  private mutating func nested(_ range: Range<Int32>, from site: Int32 = -1, into output: inout [UInt8]) {
    expansions += 1
    guard depth < TemplateLibrary.maximumDepth, expansions <= TemplateLibrary.maximumExpansions, !tooDeep else {
      if !tooDeep { gaveUpAt = site }
      tooDeep = true
      return
    }
    depth += 1
    run(range.lowerBound, range.upperBound, into: &output)
    depth -= 1
  }

  /// `a.b.c`: `a` from the innermost object on the stack that has it, then `b` and `c`
  /// from there (no further search); `.` and `.a` read only the top of the stack.
  private func lookup(_ index: Int32) -> TemplateValue? {
    let name = program.names[Int(index)]
    guard name.start < name.end else { return name.topOnly ? stack.last : nil }
    let first = program.nameParts[Int(name.start)]
    var value: TemplateValue?
    if name.topOnly {
      value = stack.last?[first]
    } else {
      // By index, innermost first: the stack's values are read in place, not copied.
      var position = stack.count - 1
      while position >= 0 {
        if let found = stack[position][first] {
          value = found
          break
        }
        position -= 1
      }
    }
    var part = Int(name.start) + 1
    while part < Int(name.end), let current = value {
      value = current[program.nameParts[part]]
      part += 1
    }
    return value
  }
}
