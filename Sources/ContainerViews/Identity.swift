/// One step of a view's structural identity.
enum IdentityComponent: Hashable {
  /// Position inside a view builder block.
  case index(Int)
  /// The id of a `ForEach` row.
  case item(AnyHashable)
  /// An explicit `.id(_:)`.
  case explicit(AnyHashable)
  /// The branch taken by an `if`/`else`.
  case branch(Bool)
}

/// An immutable node of an identity path; paths share their prefixes.
final class IdentityNode {
  let parent: IdentityNode?
  let component: IdentityComponent
  let depth: Int

  init(parent: IdentityNode?, component: IdentityComponent) {
    self.parent = parent
    self.component = component
    self.depth = (parent?.depth ?? 0) + 1
  }
}

extension Subview {
  /// The identity of a subview: deterministic for identical input, built from explicit
  /// ids (`ForEach` ids, `.id(_:)`) and structural position, so a `ForEach` row keeps
  /// its id when the rows are reordered.
  public struct ID: Hashable, CustomStringConvertible {
    let node: IdentityNode?

    init(node: IdentityNode? = nil) { self.node = node }

    func appending(_ component: IdentityComponent) -> ID {
      ID(node: IdentityNode(parent: node, component: component))
    }

    /// The path as text, starting at the last explicit id: `"intro/2"`, `"0/1"`.
    public var description: String {
      var parts: [String] = []
      var cursor = node
      while let current = cursor {
        switch current.component {
        case .index(let i): parts.append(String(i))
        case .item(let id): parts.append(Self.text(id))
        case .explicit(let id):
          parts.append(Self.text(id))
          cursor = nil
          continue
        case .branch: break
        }
        cursor = current.parent
      }
      return parts.reversed().joined(separator: "/")
    }

    /// The explicit id given with `.id(_:)` closest to this subview, if it is a string.
    public var explicitName: String? {
      var cursor = node
      while let current = cursor {
        if case .explicit(let id) = current.component { return id.base as? String }
        cursor = current.parent
      }
      return nil
    }

    private static func text(_ value: AnyHashable) -> String {
      if let string = value.base as? String { return string }
      return String(describing: value.base)
    }

    /// Two identities are equal when their paths have the same components.
    public static func == (lhs: ID, rhs: ID) -> Bool {
      var a = lhs.node
      var b = rhs.node
      guard a?.depth == b?.depth else { return false }
      while let x = a, let y = b {
        if x === y { return true }
        if x.component != y.component { return false }
        a = x.parent
        b = y.parent
      }
      return a == nil && b == nil
    }

    /// Hashes the path's depth and every one of its components.
    public func hash(into hasher: inout Hasher) {
      var cursor = node
      hasher.combine(node?.depth ?? 0)
      while let current = cursor {
        hasher.combine(current.component)
        cursor = current.parent
      }
    }
  }
}
