/// A library's templates compiled into one flat list of instructions, for rendering.
///
/// ``TemplateNode`` trees are what the parser makes and what checks walk; rendering them
/// directly copied a string or an array out of a node for nearly every node it visited,
/// each copy a reference count taken and dropped on data every rendering thread shares.
/// Here every instruction holds only numbers: text is a range of one byte buffer, a
/// section's children are the instructions that follow it, names and partials are
/// indices. Rendering reads it in place and writes bytes.
struct TemplateProgram: Sendable {
  /// One instruction. A section, inverted section or block is followed by its children,
  /// which end at `end` (an index into ``instructions``).
  enum Instruction: Sendable {
    /// `bytes[start..<end]`, as is.
    case text(start: Int32, end: Int32)
    case variable(name: Int32, escaped: Bool)
    case section(name: Int32, end: Int32)
    case inverted(name: Int32, end: Int32)
    /// `{{> name}}` or `{{< name}}`: `template` is a slot of ``templates``;
    /// `indentation` an index of ``indentations`` and `overrides` one of
    /// ``overrideSets``, or -1 for none.
    case partial(template: Int32, indentation: Int32, overrides: Int32)
    /// `{{$name}}`: `block` is the block's name in ``blockNames``, `indentation` an index
    /// of ``indentations`` or -1; the default children end at `end`.
    case block(block: Int32, end: Int32, indentation: Int32)
    /// Goes on at `to`: steps over the overrides a parent tag brings, which are compiled
    /// just before it.
    case jump(to: Int32)
  }

  /// A name a tag reads, as a range of ``nameParts``.
  struct Name: Sendable {
    var start: Int32
    var end: Int32
    var topOnly: Bool
  }

  /// An override a parent tag brings: block `block` renders `start..<end` instead.
  struct Override: Sendable {
    var block: Int32
    var start: Int32
    var end: Int32
  }

  private(set) var instructions: [Instruction] = []
  /// Template text and indentation, as UTF-8.
  private(set) var bytes: [UInt8] = []
  private(set) var names: [Name] = []
  private(set) var nameParts: [String] = []
  private(set) var indentations: [Range<Int32>] = []
  private(set) var overrideSets: [[Override]] = []
  /// For each template slot, where its instructions are; `nil` for a name partials use
  /// that no template has (it renders nothing).
  private(set) var templates: [Range<Int32>?] = []
  private var templateSlots: [String: Int32] = [:]
  /// Where each partial instruction's tag is written, by instruction index.
  private var includeSites: [Int32: IncludeSite] = [:]
  /// The template being compiled, for ``includeSites``.
  private var compiling = ""

  /// Where the partial instruction at `index` is written; `nil` for -1 or another
  /// instruction.
  func includeSite(_ index: Int32) -> IncludeSite? { includeSites[index] }
  private var blockNames: [String: Int32] = [:]

  /// The slot of template `name`, if a template or a partial tag has used that name.
  func slot(of name: String) -> Int32? { templateSlots[name] }

  /// Compiles `nodes` as template `name`, replacing any template of that name.
  mutating func add(_ nodes: [TemplateNode], named name: String) {
    let slot = slot(for: name)
    let start = Int32(instructions.count)
    compiling = name
    emit(nodes)
    templates[Int(slot)] = start..<Int32(instructions.count)
  }

  private mutating func slot(for name: String) -> Int32 {
    if let slot = templateSlots[name] { return slot }
    let slot = Int32(templates.count)
    templates.append(nil)
    templateSlots[name] = slot
    return slot
  }

  private mutating func block(named name: String) -> Int32 {
    if let index = blockNames[name] { return index }
    let index = Int32(blockNames.count)
    blockNames[name] = index
    return index
  }

  private mutating func emit(_ nodes: [TemplateNode]) {
    for node in nodes { emit(node) }
  }

  private mutating func emit(_ node: TemplateNode) {
    switch node {
    case .text(let text):
      let (start, end) = store(text)
      instructions.append(.text(start: start, end: end))
    case .variable(let name, let escaped):
      instructions.append(.variable(name: store(name), escaped: escaped))
    case .section(let name, let children):
      let index = store(name)
      emitScope(children) { .section(name: index, end: $0) }
    case .inverted(let name, let children):
      let index = store(name)
      emitScope(children) { .inverted(name: index, end: $0) }
    case .partial(let name, let indentation, let overrides, let position):
      let template = slot(for: name)
      let indent = storeIndentation(indentation ?? "")
      var set: Int32 = -1
      if let overrides {
        // The overrides' instructions go here, behind a jump over them: in the same
        // buffer, run only through the blocks they replace.
        let jump = instructions.count
        instructions.append(.jump(to: 0))
        var compiled: [Override] = []
        for (blockName, body) in overrides.sorted(by: { $0.key < $1.key }) {
          let start = Int32(instructions.count)
          emit(body)
          compiled.append(Override(block: block(named: blockName), start: start, end: Int32(instructions.count)))
        }
        instructions[jump] = .jump(to: Int32(instructions.count))
        set = Int32(overrideSets.count)
        overrideSets.append(compiled)
      }
      includeSites[Int32(instructions.count)] = IncludeSite(
        template: compiling, partial: name, position: position)
      instructions.append(.partial(template: template, indentation: indent, overrides: set))
    case .block(let name, let defaultNodes, let indentation):
      let block = block(named: name)
      let indent = storeIndentation(indentation)
      emitScope(defaultNodes) { .block(block: block, end: $0, indentation: indent) }
    }
  }

  /// Emits `make(end)` followed by `children`, `end` being where they stop.
  private mutating func emitScope(_ children: [TemplateNode], _ make: (Int32) -> Instruction) {
    let position = instructions.count
    instructions.append(.jump(to: 0))  // replaced below, once `end` is known
    emit(children)
    instructions[position] = make(Int32(instructions.count))
  }

  private mutating func store(_ text: String) -> (Int32, Int32) {
    let start = Int32(bytes.count)
    bytes.append(contentsOf: text.utf8)
    return (start, Int32(bytes.count))
  }

  private mutating func store(_ name: TemplateName) -> Int32 {
    let start = Int32(nameParts.count)
    nameParts.append(contentsOf: name.parts)
    names.append(Name(start: start, end: Int32(nameParts.count), topOnly: name.topOnly))
    return Int32(names.count - 1)
  }

  /// An index of ``indentations``, or -1 for an empty one (nothing to add).
  private mutating func storeIndentation(_ text: String) -> Int32 {
    guard !text.isEmpty else { return -1 }
    let (start, end) = store(text)
    indentations.append(start..<end)
    return Int32(indentations.count - 1)
  }
}

/// Where a partial is included: template `template` includes `partial` at `position`.
struct IncludeSite: Sendable, Hashable {
  var template: String
  var partial: String
  var position: TemplatePosition
}
