/// One subview list per element of a collection: `ForEach` over three items is three
/// subviews, each with its own values.
///
/// Every row is tagged with its id unless it sets a tag of that type itself, and
/// its identity follows the item, not its position. Two rows with one id are
/// reported as a ``ResolveProblem``.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
  let resolveRows: (_ResolveInputs, inout _ResolvedList) -> Void

  /// One row per element of `data`, identified by the element's value at `id`.
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    resolveRows = { inputs, output in
      resolveEach(data, id: { $0[keyPath: id] }, content: content, inputs, into: &output)
    }
  }

  init(deferred: @escaping (_ResolveInputs, inout _ResolvedList) -> Void) {
    resolveRows = deferred
  }

  /// Resolves every row, in the order of the data.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    resolveRows(inputs, &output)
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// One row per element of `data`, identified by the element's `id`.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// One row per integer in `data`, identified by the integer itself.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.init(data, id: \.self, content: content)
  }
}

/// The rows of a `ForEach`: each resolved with the item's identity, then tagged with
/// its id where no tag of that type was written.
func resolveEach<Item, ID: Hashable, Row: View>(
  _ items: some Sequence<Item>, id: (Item) -> ID, content: (Item) -> Row,
  _ inputs: _ResolveInputs, into output: inout _ResolvedList
) {
  var seen = Set<ID>()
  for item in items {
    let rowID = id(item)
    if !seen.insert(rowID).inserted {
      inputs.report.problems.append(
        ResolveProblem(message: "ForEach has two rows with the id \(rowID); ids must be unique"))
    }
    let start = output.elements.count
    content(item)._resolve(inputs.child(.item(AnyHashable(rowID))), into: &output)
    for index in start..<output.elements.count {
      output.elements[index].values.setTagIfUnset(rowID)
    }
  }
}
