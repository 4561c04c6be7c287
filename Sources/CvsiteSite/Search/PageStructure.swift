import CvsiteCore

/// Where a page's containers and their children sit in its rendered body, as byte
/// offsets, gathered while the page renders: what the search extractor reads to place
/// each passage in its tab, step or card. The rendered text carries no marks of its own.
struct PageStructure: Sendable {
  /// What begins or ends at an offset.
  enum Event: Sendable, Equatable {
    /// A container's output begins: its text up to its first child is its own (tab
    /// buttons, step numbers), not indexed.
    case containerOpen
    case containerClose
    /// A child's body begins; the index is into ``children``.
    case childOpen(Int)
    case childClose
  }

  struct Boundary: Sendable, Equatable {
    var offset: Int
    var event: Event
  }

  /// In the order of the body, offsets never decreasing.
  var boundaries: [Boundary] = []
  /// The children the boundaries name.
  var children: [SearchChildMark] = []
}

/// Finds, while a page's containers render (innermost first), where each child's body
/// and each container nested in it sit in its container's output, then where each
/// outermost container sits in the page's body. A body is placed by finding its bytes
/// in the output it was put into: templates insert a child's body as it is, and ids
/// make every container's output unique on its page. A body a template leaves out, or
/// changes, is not placed: its passages then belong to no child.
struct PageStructureRecorder {
  /// Containers rendered and not yet found in an output around them, in the order they
  /// were rendered (the order of the page).
  private var pending: [(output: String, boundaries: [PageStructure.Boundary])] = []
  private(set) var children: [SearchChildMark] = []

  /// Records container `output`, rendered from `container` whose children are
  /// `marks` (one per child, in order).
  mutating func record(output: String, children containerChildren: [ContainerChild], marks: [SearchChildMark]) {
    // The containers rendered inside this one's children are the latest pending ones:
    // as many, from the end, as are found in its children's bodies.
    var nested = pending.count
    while nested > 0,
      containerChildren.contains(where: { $0.bodyHTML.utf8Offset(of: pending[nested - 1].output) != nil })
    {
      nested -= 1
    }
    var inner = pending[nested...].makeIterator()
    var next = inner.next()
    var boundaries = [PageStructure.Boundary(offset: 0, event: .containerOpen)]
    var searchFrom = 0
    for (child, mark) in zip(containerChildren, marks) {
      let index = children.count
      children.append(mark)
      guard let start = output.utf8Offset(of: child.bodyHTML, from: searchFrom) else { continue }
      boundaries.append(PageStructure.Boundary(offset: start, event: .childOpen(index)))
      var bodyFrom = 0
      while let candidate = next, let at = child.bodyHTML.utf8Offset(of: candidate.output, from: bodyFrom) {
        boundaries += candidate.boundaries.map {
          PageStructure.Boundary(offset: $0.offset + start + at, event: $0.event)
        }
        bodyFrom = at + candidate.output.utf8.count
        next = inner.next()
      }
      searchFrom = start + child.bodyHTML.utf8.count
      boundaries.append(PageStructure.Boundary(offset: searchFrom, event: .childClose))
    }
    boundaries.append(PageStructure.Boundary(offset: output.utf8.count, event: .containerClose))
    pending.removeSubrange(nested...)
    pending.append((output, boundaries))
  }

  /// The structure of `body`, the page's rendered body: its outermost containers placed.
  func structure(of body: String) -> PageStructure {
    var structure = PageStructure(children: children)
    var from = 0
    for container in pending {
      guard let at = body.utf8Offset(of: container.output, from: from) else { continue }
      structure.boundaries += container.boundaries.map {
        PageStructure.Boundary(offset: $0.offset + at, event: $0.event)
      }
      from = at + container.output.utf8.count
    }
    return structure
  }
}
