/// Builds views from closures: blocks, `if`/`else`, optionals, `switch`.
@resultBuilder
public enum ViewBuilder {
  /// An empty block: an ``EmptyView``.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// A block of one view: that view.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// A block of several views: a ``TupleView`` of them, in order.
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  {
    TupleView(repeat each content)
  }

  /// Each view expression, as it is.
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

  /// An `if` without `else`: the view, or `nil` when the condition is false.
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent(storage: .trueContent(first))
  }

  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent(storage: .falseContent(second))
  }

  /// Content inside `if #available`, type-erased to an ``AnyView``.
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

/// Several views side by side: contributes the concatenation of its children's
/// subviews, in source order.
public struct TupleView<T>: PrimitiveView {
  /// The views, as a tuple.
  public var value: T
  let resolveChildren: (_ResolveInputs, inout _ResolvedList) -> Void

  /// Views side by side, in order.
  public init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
    self.value = (repeat each content)
    self.resolveChildren = { inputs, output in
      var index = 0
      for child in repeat each content {
        child._resolve(inputs.child(.index(index)), into: &output)
        index += 1
      }
    }
  }

  /// Resolves each child in order, with its position as part of its identity.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    resolveChildren(inputs, &output)
  }
}

/// The result of `if`/`else` in a view builder: one branch's subviews.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  let storage: Storage

  /// Resolves the branch taken, with the branch as part of its identity.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    switch storage {
    case .trueContent(let content): content._resolve(inputs.child(.branch(true)), into: &output)
    case .falseContent(let content): content._resolve(inputs.child(.branch(false)), into: &output)
    }
  }
}

/// Optional content: no subviews when `nil`.
extension Optional: View where Wrapped: View {
  /// Optional content has no body of its own.
  public typealias Body = Never
  /// Traps: optional content is a primitive view and has no `body`.
  public var body: Never { preconditionFailure("Optional is a primitive view and has no body") }

  /// Resolves the wrapped view, or nothing when `nil`.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    if let view = self { view._resolve(inputs, into: &output) }
  }
}

/// A view with no content: zero subviews, no markup.
public struct EmptyView: PrimitiveView {
  /// An empty view.
  public init() {}
  /// Adds no subviews.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {}
}
