/// A resolved subview of a container's content: a view you can place (it renders what
/// the original rendered) and the values its writer set.
///
/// Placing a subview in another container gives that container fresh values: only what
/// is applied at the new place counts. Modifiers applied to a subview run
/// after the ones applied to the original.
public struct Subview: PrimitiveView, Identifiable {
  let element: ResolvedElement

  init(_ element: ResolvedElement) { self.element = element }

  /// Unique among siblings and stable across builds.
  public var id: ID { element.id }

  /// The values this subview's closest container reads.
  public var containerValues: ContainerValues { element.values }

  /// Re-emits the resolved subview with the values and section of its new place.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    var placed = element
    placed.values = inputs.values
    placed.section = inputs.section
    output.elements.append(placed)
  }
}

/// The subviews of a view, in order; a view itself, which re-emits them as siblings.
public struct SubviewsCollection: RandomAccessCollection, PrimitiveView {
  let subviews: [Subview]

  init(_ elements: [ResolvedElement]) { subviews = elements.map(Subview.init) }

  /// The index of the first subview.
  public var startIndex: Int { subviews.startIndex }
  /// The index past the last subview.
  public var endIndex: Int { subviews.endIndex }
  /// The subview at `position`.
  public subscript(position: Int) -> Subview { subviews[position] }
  /// The subviews in `bounds`, keeping their indices.
  public subscript(bounds: Range<Int>) -> SubviewsCollectionSlice {
    SubviewsCollectionSlice(subviews[bounds])
  }

  /// Re-emits every subview, in order, as siblings.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    for subview in subviews { subview._resolve(inputs, into: &output) }
  }
}

/// A slice of a ``SubviewsCollection``; it keeps its base's indices, so `startIndex` may not be 0.
public struct SubviewsCollectionSlice: RandomAccessCollection, PrimitiveView {
  let subviews: ArraySlice<Subview>

  init(_ subviews: ArraySlice<Subview>) { self.subviews = subviews }

  /// The index of the first subview.
  public var startIndex: Int { subviews.startIndex }
  /// The index past the last subview.
  public var endIndex: Int { subviews.endIndex }
  /// The subview at `position`.
  public subscript(position: Int) -> Subview { subviews[position] }
  /// The subviews in `bounds`, keeping their indices.
  public subscript(bounds: Range<Int>) -> SubviewsCollectionSlice {
    SubviewsCollectionSlice(subviews[bounds])
  }

  /// Re-emits every subview, in order, as siblings.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    for subview in subviews { subview._resolve(inputs, into: &output) }
  }
}

extension Group {
  /// Reads the subviews of `view` all at once, for example to decide on their count,
  /// and shows what `transform` builds from them.
  ///
  /// Values set inside `view` stay inside: they are read here and go no further.
  public init<Base: View, Result: View>(
    subviews view: Base, @ViewBuilder transform: @escaping (SubviewsCollection) -> Result
  ) where Content == GroupSubviewsContent<Base, Result> {
    self.content = GroupSubviewsContent(base: view, transform: transform)
  }
  /// The spelling of `init(subviews:transform:)` used by early betas and by articles
  /// written then (`Group(subviewsOf: content) { subviews in … }`); the same view.
  public init<Base: View, Result: View>(
    subviewsOf view: Base, @ViewBuilder transform: @escaping (SubviewsCollection) -> Result
  ) where Content == GroupSubviewsContent<Base, Result> {
    self.init(subviews: view, transform: transform)
  }
}

/// The content of `Group(subviews:transform:)`.
public struct GroupSubviewsContent<Base: View, Result: View>: PrimitiveView {
  let base: Base
  let transform: (SubviewsCollection) -> Result

  /// Resolves the subviews of the base view, then what `transform` builds from them.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let subviews = SubviewsCollection(resolveSubviews(base, inputs))
    transform(subviews)._resolve(inputs, into: &output)
  }
}

extension ForEach where Data == SubviewsCollection, ID == Subview.ID {
  /// Shows what `content` builds from each subview of `view`, one at a time: the same
  /// subviews as `Group(subviews:)`; rows keep the subviews' identities.
  public init<Base: View>(subviews view: Base, @ViewBuilder content: @escaping (Subview) -> Content) {
    self.init(deferred: { inputs, output in
      let subviews = resolveSubviews(view, inputs).map(Subview.init)
      resolveEach(subviews, id: \.id, content: content, inputs, into: &output)
    })
  }
  /// The spelling of `init(subviews:content:)` used by early betas and by articles
  /// written then (`ForEach(subviewOf: content) { subview in … }`); the same view.
  public init<Base: View>(subviewOf view: Base, @ViewBuilder content: @escaping (Subview) -> Content) {
    self.init(subviews: view, content: content)
  }
}
