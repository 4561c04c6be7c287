/// A piece of an HTML page: the cvsite twin of SwiftUI's `View`.
///
/// Write your own views as in SwiftUI, by composing others in `body`:
///
/// ```swift
/// struct Pair: View {
///   var body: some View {
///     Text("a")
///     Text("b")
///   }
/// }
/// ```
///
/// Views are plain values and carry no actor isolation, so pages can be resolved and
/// rendered in parallel.
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View

  /// The content of this view.
  @ViewBuilder var body: Body { get }

  /// Resolution entry point used by the library; do not call or implement it.
  ///
  /// Primitive views implement it; every other view resolves through `body`.
  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList)
}

extension View {
  /// Resolves the view's `body`.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    body._resolve(inputs, into: &output)
  }
}

extension Never: View {
  /// `Never` has no body of its own.
  public typealias Body = Never
  /// Never evaluated: no `Never` value exists.
  public var body: Never { self }
}

/// Marks a view as primitive: it has no `body` and implements `_resolve` itself.
protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
  /// Traps: a primitive view has no `body`.
  public var body: Never {
    preconditionFailure("\(Self.self) is a primitive view and has no body")
  }
}

/// What flows down the tree while a view resolves: the container values written so far
/// (outermost first, so the innermost write wins), the structural identity, the section
/// the view belongs to, and the report collecting problems.
public struct _ResolveInputs {
  var values: ContainerValues
  var identity: Subview.ID
  var section: SectionPlacement?
  let report: ResolveReport

  init(report: ResolveReport = ResolveReport()) {
    self.values = ContainerValues()
    self.identity = Subview.ID()
    self.section = nil
    self.report = report
  }

  /// Inputs one structural level down.
  func child(_ component: IdentityComponent) -> _ResolveInputs {
    var copy = self
    copy.identity = identity.appending(component)
    return copy
  }

  /// Inputs for the content of a container: an empty value collection, so nothing
  /// written inside reaches outside and nothing outside reaches inside.
  var containerContent: _ResolveInputs {
    var copy = self
    copy.values = ContainerValues()
    copy.section = nil
    return copy
  }
}

/// The output of resolving a view: an ordered list of elements, one per subview.
public struct _ResolvedList {
  var elements: [ResolvedElement] = []

  /// Adds one unary element carrying the inputs' values, identity and section.
  mutating func appendUnary(_ content: ResolvedContent, _ inputs: _ResolveInputs) {
    elements.append(
      ResolvedElement(
        id: inputs.identity, values: inputs.values, content: content,
        attributes: HTMLAttributes(), section: inputs.section))
  }
}

/// Shared state of one resolution: the problems found along the way.
final class ResolveReport {
  var problems: [ResolveProblem] = []
}

/// A problem found while resolving a tree, such as two `ForEach` rows with one id.
public struct ResolveProblem: Sendable, Hashable, CustomStringConvertible {
  /// A sentence describing the problem.
  public var message: String
  /// The problem's message.
  public var description: String { message }
}
